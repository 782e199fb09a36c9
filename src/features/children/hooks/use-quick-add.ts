import { mutations, quickAddSchema, type WriteResult, firstIssueMessage } from '../../../../sync';

/**
 * Quick Add (POST /child_add_2). Until the children descriptor of sync/entities.ts has a
 * 'quickAdd' operation, the quick add is queued as the children create (/child_add).
 */
export const QUICK_ADD_OP: string = 'quickAdd';

export type QuickAddOutcome = { ok: true; cid: string } | { ok: false; message: string };

/** Checks the quick add in screen order (first failing field's message) and saves it on the device. */
export async function quickAddChild(values: Record<string, unknown>): Promise<QuickAddOutcome> {
  const parsed = quickAddSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const { image, ...fields } = parsed.data;
  const cleaned = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  const files = { image: image as unknown as Blob };
  const result: WriteResult =
    QUICK_ADD_OP === 'create'
      ? await mutations.create('children', cleaned, files)
      : await mutations.action('children', QUICK_ADD_OP, cleaned, files);
  return result.ok ? { ok: true, cid: result.cid } : { ok: false, message: result.message };
}
