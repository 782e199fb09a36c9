import {
  canChooseCenter,
  childFieldRequired,
  childRegistrationSchema,
  mutations,
  registrationStepSchemas,
  type LocalChild,
  type FieldProblem,
  type WriteRequest,
  firstIssue,
} from '../../../../sync';
import type { RegistrationValues } from '../components/registration-values';
import { documentRequests } from './save-documents';

export type SaveOutcome =
  { ok: true; cid: string } | { ok: false; message: string; step?: number; field?: string | null };

/**
 * The first failing field of wizard step `step`, or null when the step passes.
 * A user who may register at any center (`centerId`) chooses one: a blank Center Name is
 * not quietly the head office.
 */
export function stepProblem(step: number, values: RegistrationValues, centerId?: number | null): FieldProblem | null {
  const parsed = registrationStepSchemas[step]!.safeParse(values);
  if (!parsed.success) return firstIssue(parsed.error);
  if (step === 0 && centerId != null && canChooseCenter(centerId) && !values.centerdetailId)
    return { field: 'centerdetailId', message: childFieldRequired('centerdetailId') };
  return null;
}

const isBlob = (v: unknown): v is Blob => typeof v === 'object' && v !== null && typeof (v as Blob).size === 'number';
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Splits the checked registration into the child's fields and files (the photo; a kept
 * photo goes back as old_image on edit). Document rows are not part of the child's
 * write: each is its own document entry (save-documents.ts).
 */
function toWrite(data: Record<string, unknown>) {
  const { image, documents: _documents, ...rest } = data;
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && v !== null),
  );
  const files: Record<string, Blob> = {};
  if (isBlob(image)) files.image = image;
  else if (typeof image === 'string') fields.old_image = image;
  return { fields, files };
}

/** Checks the whole registration and saves it on the device (create, or update of `child`). */
export async function saveRegistration(
  values: RegistrationValues,
  child?: LocalChild | null,
  centerId?: number | null,
): Promise<SaveOutcome> {
  for (let step = 0; step < registrationStepSchemas.length; step++) {
    const problem = stepProblem(step, values, centerId);
    if (problem) return { ok: false, ...problem, step };
  }
  const parsed = childRegistrationSchema.safeParse(values);
  if (!parsed.success) return { ok: false, ...firstIssue(parsed.error) };
  const { fields, files } = toWrite(parsed.data as Record<string, unknown>);
  // The child and its new document rows are saved together or not at all: a failure
  // leaves nothing behind, so pressing Finish again cannot register the child twice.
  const cid = child?.cid ?? crypto.randomUUID();
  const documents = documentRequests(child ?? { cid }, values.documents);
  if (!documents.ok) return { ok: false, message: documents.message, step: 2 };
  const writes: WriteRequest[] = [];
  if (!child) {
    writes.push({ entity: 'children', op: 'create', cid, fields, files });
  } else {
    // Only what changed is queued, so the server's three-way merge sees the user's real edits.
    const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !same(v, child[k])));
    if (changed.old_image !== undefined && same(changed.old_image, child.image)) delete changed.old_image;
    if (Object.keys(changed).length > 0 || Object.keys(files).length > 0)
      writes.push({ entity: 'children', op: 'update', cid, fields: changed, files });
  }
  writes.push(...documents.requests);
  if (writes.length === 0) return { ok: true, cid };
  const result = await mutations.together(writes);
  return result.ok ? { ok: true, cid } : { ok: false, message: result.message };
}
