import { useLiveQuery } from 'dexie-react-hooks';
import {
  beneficiaryFormSchema,
  listNonRegisteredBeneficiaries,
  listRegisteredBeneficiaries,
  messages,
  mutations,
  type BeneficiaryService,
  type ExitListFilter,
  firstIssueMessage,
} from '../../../../sync';

export type BeneficiaryValues = {
  name: string;
  gender: string;
  age: string;
  centerId: string;
  service_date: string;
  comment: string;
};
export type Outcome = { ok: true } | { ok: false; message: string };

export const useRegisteredPage = (service: BeneficiaryService, filter: ExitListFilter, page: number) =>
  useLiveQuery(() => listRegisteredBeneficiaries(service, filter, page), [service, JSON.stringify(filter), page], null);

export const useNonRegisteredPage = (service: BeneficiaryService, filter: ExitListFilter, page: number) =>
  useLiveQuery(
    () => listNonRegisteredBeneficiaries(service, filter, page),
    [service, JSON.stringify(filter), page],
    null,
  );

/** The first failing field's message, or the fields to save. */
export function checkBeneficiary(service: BeneficiaryService, values: BeneficiaryValues) {
  const parsed = beneficiaryFormSchema.safeParse({ ...values, service });
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  const { id: _id, ...fields } = parsed.data;
  return { ok: true as const, fields };
}

/** Add, or update the beneficiary `cid`, on the device; the outbox sends it. */
export async function saveBeneficiary(
  service: BeneficiaryService,
  values: BeneficiaryValues,
  cid?: string,
): Promise<Outcome> {
  const checked = checkBeneficiary(service, values);
  if (!checked.ok) return checked;
  const result = cid
    ? await mutations.beneficiaries.update(cid, checked.fields)
    : await mutations.beneficiaries.create(checked.fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}

export async function deleteBeneficiary(cid: string): Promise<Outcome> {
  const result = await mutations.beneficiaries.remove(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
