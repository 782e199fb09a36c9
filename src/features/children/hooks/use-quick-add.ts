import { mutations, quickAddSchema, type WriteResult, firstIssueMessage } from '../../../../sync';

export type QuickAddOutcome = { ok: true; cid: string } | { ok: false; message: string };

/** Checks the quick add in screen order (first failing field's message) and saves it on the device. */
export async function quickAddChild(values: Record<string, unknown>): Promise<QuickAddOutcome> {
  const parsed = quickAddSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const { image, ...fields } = parsed.data;
  const cleaned = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  const files = { image: image as unknown as Blob };
  // Quick Add (POST /child_add_2).
  const result: WriteResult = await mutations.children.quickAdd(cleaned, files);
  return result.ok ? { ok: true, cid: result.cid } : { ok: false, message: result.message };
}
