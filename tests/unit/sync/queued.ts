import { currentDb } from '../../../sync/device/session';

/** One child's create queued in the signed-in user's outbox, as an offline Quick Add leaves it. */
export const queueOne = () =>
  currentDb().outbox.add({
    mutationId: crypto.randomUUID(),
    entity: 'children',
    op: 'create',
    cid: 'c1',
    payload: { name: 'Asha' },
    fileKeys: [],
    baseUpdatedAt: null,
    dependsOn: [],
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    status: 'queued',
  });
