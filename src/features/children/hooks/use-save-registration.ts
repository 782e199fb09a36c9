import {
  childRegistrationSchema, mutations, registrationStepSchemas, type LocalChild,
} from '../../../../sync';
import type { RegistrationValues } from '../components/registration-values';

export type SaveOutcome = { ok: true; cid: string } | { ok: false; message: string; step?: number };

/** The first failing field's message of wizard step `step`, or null when the step passes. */
export function stepProblem(step: number, values: RegistrationValues): string | null {
  const parsed = registrationStepSchemas[step]!.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
}

const isBlob = (v: unknown): v is Blob => typeof v === 'object' && v !== null && typeof (v as Blob).size === 'number';
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Splits the checked registration into fields and files: the photo, and each document
 * row's files as documents[i][field] (sent in the child_add multipart). A kept photo is
 * sent back as old_image on edit.
 */
function toWrite(data: Record<string, unknown>) {
  const { image, documents, ...rest } = data;
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
  const files: Record<string, Blob> = {};
  if (isBlob(image)) files.image = image;
  else if (typeof image === 'string') fields.old_image = image;
  fields.documents = ((documents as Record<string, unknown>[] | undefined) ?? []).map((row, i) => {
    const kept: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (isBlob(v)) files[`documents[${i}][${k}]`] = v;
      else if (v !== undefined && v !== null) kept[k] = v;
    }
    return kept;
  });
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
    return result.ok ? result : { ok: false, message: result.message };
  }
  // Only what changed is queued, so the server's three-way merge sees the user's real edits.
  const newRows = (fields.documents as Record<string, unknown>[]).filter((row) => !row.id);
  const changed = Object.fromEntries(Object.entries({ ...fields, documents: newRows }).filter(([k, v]) => (k === 'documents' ? newRows.length > 0 : !same(v, child[k]))));
  if (changed.old_image !== undefined && same(changed.old_image, child.image)) delete changed.old_image;
  if (Object.keys(changed).length === 0 && Object.keys(files).length === 0) return { ok: true, cid: child.cid };
  const result = await mutations.update('children', child.cid, changed, files);
  return result.ok ? result : { ok: false, message: result.message };
}
