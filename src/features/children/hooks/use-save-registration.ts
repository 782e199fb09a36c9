import {
  childRegistrationSchema, mutations, registrationStepSchemas, type LocalChild,
} from '../../../../sync';
import type { RegistrationValues } from '../components/registration-values';
import { saveDocumentRows, type DocumentChild } from './save-documents';

export type SaveOutcome = { ok: true; cid: string } | { ok: false; message: string; step?: number };

/** The first failing field's message of wizard step `step`, or null when the step passes. */
export function stepProblem(step: number, values: RegistrationValues): string | null {
  const parsed = registrationStepSchemas[step]!.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
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
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
  const files: Record<string, Blob> = {};
  if (isBlob(image)) files.image = image;
  else if (typeof image === 'string') fields.old_image = image;
  return { fields, files };
}

/** Checks the whole registration and saves it on the device (create, or update of `child`). */
export async function saveRegistration(values: RegistrationValues, child?: LocalChild | null): Promise<SaveOutcome> {
  for (let step = 0; step < registrationStepSchemas.length; step++) {
    const problem = stepProblem(step, values);
    if (problem) return { ok: false, message: problem, step };
  }
  const parsed = childRegistrationSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  const { fields, files } = toWrite(parsed.data as Record<string, unknown>);
  if (!child) {
    const result = await mutations.create('children', fields, files);
    if (!result.ok) return { ok: false, message: result.message };
    return withDocuments({ cid: result.cid }, values, result.cid);
  }
  // Only what changed is queued, so the server's three-way merge sees the user's real edits.
  const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !same(v, child[k])));
  if (changed.old_image !== undefined && same(changed.old_image, child.image)) delete changed.old_image;
  if (Object.keys(changed).length > 0 || Object.keys(files).length > 0) {
    const result = await mutations.update('children', child.cid, changed, files);
    if (!result.ok) return { ok: false, message: result.message };
  }
  return withDocuments(child, values, child.cid);
}

/** Saves the wizard's new document rows of the child just written. */
async function withDocuments(child: DocumentChild, values: RegistrationValues, cid: string): Promise<SaveOutcome> {
  const saved = await saveDocumentRows(child, values.documents);
  return saved.ok ? { ok: true, cid } : { ok: false, message: saved.message, step: 2 };
}
