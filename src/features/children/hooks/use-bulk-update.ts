import { useLiveQuery } from 'dexie-react-hooks';
import { bulkUpdateSchema, getChild, type LocalChild } from '../../../../sync';

export type BulkOutcome = { ok: true } | { ok: false; message: string };

/** The selected children as the device holds them. */
export const useSelectedChildren = (cids: readonly string[]) =>
  useLiveQuery(async () => (await Promise.all(cids.map((cid) => getChild(cid)))).filter((c): c is LocalChild => Boolean(c)), [cids.join(',')], []);

/** The bulk payload: ids of the selection, or childregId/centerId pairs for a center move. */
export function bulkPayload(values: Record<string, string>, children: readonly LocalChild[]) {
  const ids = children.map((c) => c.id).filter((id): id is number => typeof id === 'number');
  const bulk = values.type === 'center' ? ids.map((childregId) => ({ childregId, centerId: values.centerId })) : ids;
  return { ...values, bulk };
}

/**
 * Checks the modal with the contract's schema (first failing field's message). Saving
 * waits for a bulk_update call in the sync layer's entity table; until then it says so.
 */
export async function bulkUpdateChildren(values: Record<string, string>, children: readonly LocalChild[]): Promise<BulkOutcome> {
  const parsed = bulkUpdateSchema.safeParse(bulkPayload(values, children));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  if (children.some((c) => typeof c.id !== 'number')) return { ok: false, message: 'Some selected children are not on the server yet; sync first, then update them together.' };
  return { ok: false, message: 'Bulk update cannot be saved from this device yet.' };
}
