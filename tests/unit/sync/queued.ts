import { currentDb } from '../../../sync/device/session';

/** An outbox entry as a save queues it, not tried yet; `fields` names the record and what changed. */
export const queuedEntry = <T extends { entity: string; op: string; cid: string; payload: Record<string, unknown> }>(
  fields: T & Record<string, unknown>,
) => ({
  mutationId: crypto.randomUUID(),
  fileKeys: [] as string[],
  baseUpdatedAt: null,
  dependsOn: [] as string[],
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null as string | null,
  status: 'queued' as const,
  ...fields,
});

/** One child's create queued in the signed-in user's outbox, as an offline Quick Add leaves it. */
export const queueOne = () =>
  currentDb().outbox.add(queuedEntry({ entity: 'children', op: 'create', cid: 'c1', payload: { name: 'Asha' } }));
