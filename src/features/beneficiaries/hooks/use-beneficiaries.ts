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
  listBeneficiaryDocuments,
} from '../../../../sync';
import type { FileRowValues } from '../../../components/file-rows';
import { documentWrites, type DocumentOwner } from './beneficiary-documents';

export type BeneficiaryValues = {
  name: string;
  gender: string;
  age: string;
  centerId: string;
  service_date: string;
  comment: string;
  /** New document rows (a stored beneficiary's documents are listed apart). */
  documents?: FileRowValues[];
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

/** What the beneficiary schema checks: the form's values and the list's service. */
export const beneficiaryInput = (service: BeneficiaryService, values: BeneficiaryValues) => ({ ...values, service });

/** The first failing field's message, or the fields to save. */
export function checkBeneficiary(service: BeneficiaryService, values: BeneficiaryValues) {
  const parsed = beneficiaryFormSchema.safeParse(beneficiaryInput(service, values));
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  const { id: _id, ...fields } = parsed.data;
  return { ok: true as const, fields };
}

/**
 * Add, or update the beneficiary `cid`, on the device with the form's new documents: one
 * write for the beneficiary and one per document, saved together or not at all (R1), so
 * pressing Save again after a failure cannot add anything twice; the outbox sends them,
 * each file from the device, and a new beneficiary's documents wait for its create (R6).
 */
export async function saveBeneficiary(
  service: BeneficiaryService,
  values: BeneficiaryValues,
  beneficiary?: DocumentOwner,
): Promise<Outcome> {
  const checked = checkBeneficiary(service, values);
  if (!checked.ok) return checked;
  const cid = beneficiary?.cid ?? crypto.randomUUID();
  const documents = documentWrites({ cid, id: beneficiary?.id }, values.documents ?? []);
  if (!documents.ok) return documents;
  const result = await mutations.together([
    { entity: 'beneficiaries', op: beneficiary ? 'update' : 'create', cid, fields: checked.fields },
    ...documents.writes,
  ]);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}

/**
 * Deletes a beneficiary; its documents not yet on the server are removed with it (a
 * queued add and its removal cancel out, R3), the server deletes the others with it.
 */
export async function deleteBeneficiary(beneficiary: DocumentOwner): Promise<Outcome> {
  const unsent = (await listBeneficiaryDocuments(beneficiary)).filter((d) => !d.id);
  const result = await mutations.together([
    ...unsent.map((d) => ({ entity: 'beneficiaryDocuments', op: 'delete', cid: d.cid })),
    { entity: 'beneficiaries', op: 'delete', cid: beneficiary.cid },
  ]);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
