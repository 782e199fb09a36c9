import { useLiveQuery } from '../../../lib/use-live-query';
import { getChild, mutations, type LocalChild } from '../../../../sync';

export type BulkOutcome = { ok: true } | { ok: false; message: string };

/** The selected children as the device holds them. */
export const useSelectedChildren = (cids: readonly string[]) =>
  useLiveQuery(
    async () => (await Promise.all(cids.map((cid) => getChild(cid)))).filter((c): c is LocalChild => Boolean(c)),
    [cids.join(',')],
    [],
  );

/** Checks the modal (first failing field's message) and saves the update of every selected child on the device; sent when online. */
export async function bulkUpdateChildren(
  values: Record<string, string>,
  children: readonly LocalChild[],
): Promise<BulkOutcome> {
  const result = await mutations.bulkUpdate(values, children);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
