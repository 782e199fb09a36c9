import {
  actionForms,
  fieldRequired,
  mutations,
  theFieldRequired,
  type ActionFormKey,
  type FieldProblem,
  firstIssue,
} from '../../../../sync';
import { actionOps, localStatus } from '../components/action-fields';

/** The child an action is for: its cid, and its server id once known. */
export type ActionChild = { cid: string; id?: number | null; centerdetailId?: number | null };

export type ActionOutcome = { ok: true } | { ok: false; message: string; field?: string | null };

const isBlob = (v: unknown): v is Blob =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Blob).size === 'number' &&
  typeof (v as Blob).slice === 'function';
const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * What an action form's schema checks: the form's values and the child. A child created
 * offline has no server id yet: it is checked as a placeholder id and written with its
 * cid, which the sync engine swaps for the id once the child exists (R6, R8).
 */
export const actionInput = (values: Record<string, unknown>, child: ActionChild) => ({
  ...values,
  childregId: child.id ?? 1,
});

/** Every action's date goes on the wire as transfer_date; the user is told the label the form shows. */
export const toldAs =
  (key: ActionFormKey) =>
  ({ field, message }: FieldProblem): FieldProblem => ({
    field,
    message: message === fieldRequired('transfer_date') ? theFieldRequired(actionForms[key].dateLabel) : message,
  });

/** The first failing field of an action form and its message, or null. */
export function actionIssue(
  key: ActionFormKey,
  values: Record<string, unknown>,
  child: ActionChild,
): FieldProblem | null {
  const parsed = actionForms[key].schema.safeParse(actionInput(values, child));
  return parsed.success ? null : toldAs(key)(firstIssue(parsed.error));
}

/** The first failing field's message of an action form, or null. */
export const actionProblem = (key: ActionFormKey, values: Record<string, unknown>, child: ActionChild) =>
  actionIssue(key, values, child)?.message ?? null;

/** Splits rows into their text fields and their files, named as the multipart the server reads. */
function splitRows(list: string, rows: unknown, files: Record<string, Blob>) {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>, i) => {
    const kept: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (isBlob(v)) files[`${list}[${i}][${k}]`] = v;
      else if (!blank(v)) kept[k] = k === 'tagId' ? Number(v) : v;
    }
    return kept;
  });
}

/** The local writes of one save: one per follow-up row, else one. */
export function actionWrites(key: ActionFormKey, values: Record<string, unknown>, child: ActionChild) {
  const childregId = child.id ?? child.cid;
  if (key === 'followUps') {
    const rows = Array.isArray(values.follow_up_data) ? (values.follow_up_data as Record<string, unknown>[]) : [];
    return rows.map((row) => {
      const files: Record<string, Blob> = {};
      const [sent] = splitRows('follow_up_data', [row], files);
      // The row's fields also sit on the local entry, so the Follow-Ups table shows it at once.
      return { fields: { childregId, follow_up_data: [sent], ...sent, history_status: 'follow_up' }, files };
    });
  }
  const files: Record<string, Blob> = {};
  const fields: Record<string, unknown> = { childregId, history_status: localStatus(key, values) };
  for (const [k, v] of Object.entries(values)) {
    if (k === 'documents') fields.documents = splitRows('documents', v, files);
    else if (isBlob(v)) files[k] = v;
    else if (!blank(v)) fields[k] = ['centerId', 'current_centerId'].includes(k) ? Number(v) : v;
  }
  if (key === 'centerChange') fields.transfer_date = values.date;
  return [{ fields, files }];
}

/** Checks and saves an action on the device (sent when online); the first failing field's message otherwise. */
export async function saveAction(
  key: ActionFormKey,
  values: Record<string, unknown>,
  child: ActionChild,
): Promise<ActionOutcome> {
  const problem = actionIssue(key, values, child);
  if (problem !== null) return { ok: false, ...problem };
  // Follow-up rows are saved with their action in one transaction: all of them or none (R1).
  const writes = actionWrites(key, values, child).map((write) => ({
    entity: 'historyActions' as const,
    op: actionOps[key],
    fields: write.fields,
    files: write.files,
  }));
  const result = await mutations.together(writes);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
