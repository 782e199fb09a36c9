import { bulkHistoryEntry, bulkUpdateSchema, type BulkUpdate } from './contract';
import type { BatchRequest } from './batch';

/*
 * The Bulk Update Details modal's save (POST /bulk_update) as a batch write: one outbox
 * entry for the selection and, at once, a pending history row per child with the same
 * columns the server will write, so the profile's tables and Present Status show it
 * offline.
 */

/** A selected child as the modal knows it. */
export type BulkChild = { cid: string; id?: number | null; centerdetailId?: number | null };

export type BulkRequestOutcome = { ok: true; request: BatchRequest } | { ok: false; message: string };

/** A child created on this device has no server id yet, so a bulk update cannot name it. */
export const BULK_NEEDS_SYNC = 'Some selected children are not on the server yet; sync first, then update them together.';

/** Checks the modal's values with the contract's schema (first failing field's message) and builds the batch. */
export function bulkUpdateRequest(values: Record<string, unknown>, children: readonly BulkChild[]): BulkRequestOutcome {
  const ids = children.map((c) => c.id).filter((id): id is number => typeof id === 'number');
  const bulk = values.type === 'center' ? ids.map((childregId) => ({ childregId, centerId: values.centerId })) : ids;
  const { centerId: _centerId, ...rest } = values;
  const parsed = bulkUpdateSchema.safeParse({ ...rest, bulk });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  if (ids.length !== children.length) return { ok: false, message: BULK_NEEDS_SYNC };
  const update: BulkUpdate = parsed.data;
  const rows = children.map((child) => {
    const centerId = update.type === 'center' ? update.bulk[0]!.centerId : undefined;
    return { childregId: child.id, centerId: centerId ?? child.centerdetailId ?? null, ...bulkHistoryEntry(update, centerId) };
  });
  return { ok: true, request: { entity: 'bulkUpdates', op: 'create', payload: update as unknown as Record<string, unknown>, rows } };
}
