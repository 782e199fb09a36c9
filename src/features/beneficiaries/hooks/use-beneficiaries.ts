import { useLiveQuery } from '../../../lib/use-live-query';
import {
  beneficiaryFormSchema,
  deviceHoldsBeneficiaries,
  deviceHoldsHistory,
  paginate,
  type OnlineListEndpoint,
  type Pagination,
  listNonRegisteredBeneficiaries,
  listRegisteredBeneficiaries,
  messages,
  mutations,
  type BeneficiaryService,
  type ExitListFilter,
  firstIssue,
  listBeneficiaryDocuments,
} from '../../../../sync';
import type { FileRowValues } from '../../../components/file-rows';
import { documentWrites, type DocumentOwner } from './beneficiary-documents';
import { keyedRows, useDeviceHolds, useOnlineListPage } from '../../../lib/use-online-list';

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
/** A refusal names the field it is about, when it is one (marked on the form). */
export type Outcome = { ok: true } | { ok: false; message: string; field?: string | null };

/** A page of a beneficiary list; `fetchedAt` when read through the documented call. */
export type BeneficiaryPage<T> = { rows: T[]; pagination: Pagination; fetchedAt?: number | null } | null;

/** The documented list call of each service (spec part 2, section 7: their own list endpoints). */
const listCalls = {
  registered: { education: 'regusersEducation', medical: 'regusersMedical', mhp: 'regusersMhp' },
  others: { education: 'nonRegusersEducation', medical: 'nonRegusersMedical', mhp: 'nonRegusersMhp' },
} as const;

/**
 * The device's page, or, when the device does not hold the list's data (a server without
 * our history or beneficiaries pull), the documented call's page kept for offline. A page
 * of 0 is a list not shown: nothing is asked.
 */
function usePage<T extends { id?: unknown; cid?: string }>(
  holds: () => Promise<boolean>,
  name: string,
  endpoint: OnlineListEndpoint,
  filter: ExitListFilter,
  page: number,
  local: () => Promise<{ rows: T[]; pagination: Pagination }>,
  deps: unknown[],
): BeneficiaryPage<T> {
  const held = useDeviceHolds(holds, name);
  const fetched = useOnlineListPage<T>(held === false && page > 0 ? { endpoint, filter, page } : null);
  const device = useLiveQuery(local, deps, null);
  if (held === null) return null;
  if (held) return device;
  if (fetched === null) return null;
  if (fetched === 'failed') return { rows: [], pagination: paginate(0, 1), fetchedAt: null };
  return { ...fetched, rows: keyedRows(fetched.rows) as T[] };
}

export const useRegisteredPage = (service: BeneficiaryService, filter: ExitListFilter, page: number) =>
  usePage(
    deviceHoldsHistory,
    'history',
    listCalls.registered[service],
    filter,
    page,
    () => listRegisteredBeneficiaries(service, filter, page),
    [service, JSON.stringify(filter), page],
  );

export const useNonRegisteredPage = (service: BeneficiaryService, filter: ExitListFilter, page: number) =>
  usePage(
    deviceHoldsBeneficiaries,
    'beneficiaries',
    listCalls.others[service],
    filter,
    page,
    () => listNonRegisteredBeneficiaries(service, filter, page),
    [service, JSON.stringify(filter), page],
  );

/** What the beneficiary schema checks: the form's values and the list's service. */
export const beneficiaryInput = (service: BeneficiaryService, values: BeneficiaryValues) => ({ ...values, service });

/** The first failing field and its message, or the fields to save. */
export function checkBeneficiary(service: BeneficiaryService, values: BeneficiaryValues) {
  const parsed = beneficiaryFormSchema.safeParse(beneficiaryInput(service, values));
  if (!parsed.success) return { ok: false as const, ...firstIssue(parsed.error) };
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
    ...unsent.map((d) => ({ entity: 'beneficiaryDocuments' as const, op: 'delete', cid: d.cid })),
    { entity: 'beneficiaries', op: 'delete', cid: beneficiary.cid },
  ]);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
