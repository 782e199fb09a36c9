import { bulkHistoryEntry, bulkUpdateSchema, firstIssueMessage, type BulkUpdate } from '../contract';
import type { BatchRequest } from '../engine/batch';

/*
 * The Bulk Update Details modal's save (POST /bulk_update) as a batch write: one outbox
 * entry for the selection and, at once, a pending history row per child with the same
 * columns the server will write, so the profile's tables and Present Status show it
 * offline.
 */

/** A selected child as the modal knows it. */
export type BulkChild = { cid: string; id?: number | null; centerdetailId?: number | null };

export type BulkRequestOutcome = { ok: true; request: BatchRequest } | { ok: false; message: string };

/** The selected children's refs: the server id, or the cid of a child created on this device. */
const refsOf = (children: readonly BulkChild[]) => children.map((c) => (typeof c.id === 'number' ? c.id : c.cid));

/**
 * What `bulkUpdateSchema` checks for the modal's values and selection: `bulk` holds the
 * children (paired with the modal's center for a center move). A child created on this
 * device is named by its cid: the entry waits for its create and then carries its id
 * (R6, R8). The schema checks the ids' shape, so it sees a stand-in number for those.
 */
export function bulkUpdateInput(values: Record<string, unknown>, children: readonly BulkChild[]) {
  const pair = (childregId: number) =>
    values.type === 'center' ? { childregId, centerId: values.centerId } : childregId;
  const { centerId: _centerId, ...rest } = values;
  return { ...rest, bulk: refsOf(children).map((ref) => pair(typeof ref === 'number' ? ref : 1)) };
}

/** Checks the modal's values with the contract's schema (first failing field's message) and builds the batch. */
export function bulkUpdateRequest(values: Record<string, unknown>, children: readonly BulkChild[]): BulkRequestOutcome {
  const refs = refsOf(children);
  const waitsFor = children.filter((c) => typeof c.id !== 'number').map((c) => c.cid);
  const parsed = bulkUpdateSchema.safeParse(bulkUpdateInput(values, children));
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const update: BulkUpdate = parsed.data;
  const centerId = update.type === 'center' ? update.bulk[0]!.centerId : undefined;
  const rows = children.map((child, i) => ({
    childregId: refs[i],
    centerId: centerId ?? child.centerdetailId ?? null,
    ...bulkHistoryEntry(update, centerId),
  }));
  const bulk = refs.map((childregId) => (centerId === undefined ? childregId : { childregId, centerId }));
  const payload = { ...update, bulk } as unknown as Record<string, unknown>;
  return { ok: true, request: { entity: 'bulkUpdates', op: 'create', payload, rows, dependsOn: waitsFor } };
}
