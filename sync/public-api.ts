import { LAST_SYNC, SyncEngine } from './engine/engine';
import { canReadCollection, pulledEntityNames, type EntityName } from './entities/registry';
import { appTransport } from './net/transport';
import { apiUrl } from './net/config';
import { currentDb, refreshUser, sessionStore, type SessionState } from './device/session';
import { connectivityStore } from './device/connectivity';
import { sessionUserKey } from './contract/auth';
import { prefetchChildPhotos } from './device/photo-prefetch';
import { handDataKeyToWorker } from './device/worker-key';
import { recordAccess, sendAccessLog, type AccessInput } from './device/access-log';
import { fetchChildRecordsInBackground } from './queries/child-records-background';
import type { WriteAllResult, WriteRequest, WriteResult } from './engine/outbox';
import {
  discardEntry,
  resolveConflict,
  resubmitEntry,
  retryNow,
  reviewItems,
  type Resolution,
  type ReviewItem,
} from './engine/review';
import type { Fields } from './engine/reconcile';
import { writesThrough } from './entities/writes';
import { bulkUpdateRequest, type BulkChild } from './entities/bulk-update';

/** Collections this app pulls, parents first. */
export const pulledCollections = pulledEntityNames();

/** The pulled collections the signed-in role may read, asked again at each sync (refreshUser may bring a new role). */
export function readableCollections(): EntityName[] {
  const user = sessionStore.getState().user;
  return user ? pulledCollections.filter((c) => canReadCollection(user, c)) : [];
}

let engine: SyncEngine | null = null;

let photos: Promise<number> | null = null;
let childRecords: Promise<number> | null = null;

/** Starts syncing the signed-in user's database (after sign-in or a restored session). */
export function startSync(options: { collections?: EntityName[] } = {}): SyncEngine {
  stopSync();
  const centerId = sessionStore.getState().user?.centerId;
  const listParams: Record<string, number> = centerId === undefined ? {} : { centerId };
  engine = new SyncEngine({
    db: currentDb(),
    transport: appTransport(),
    collections: options.collections ?? readableCollections,
    listParams,
    server: apiUrl,
    afterSync: async () => {
      // Who opened which child's data, queued on the device (device/access-log.ts); a
      // failure leaves the entries for the next sync.
      await sendAccessLog(currentDb(), appTransport()).catch(() => null);
      await refreshUser();
      // In the background: the sync is done; photos follow without holding it up.
      photos ??= prefetchChildPhotos(sessionStore.getState().user?.token)
        .catch(() => 0)
        .finally(() => (photos = null));
      // A server without /history, /activitylogs or /documents: a few children's records
      // through their per-child calls, never a sync error (queries/child-records-background.ts).
      childRecords ??= fetchChildRecordsInBackground()
        .catch(() => 0)
        .finally(() => (childRecords = null));
    },
  });
  engine.start();
  void requestBackgroundSync();
  return engine;
}

export function stopSync(): void {
  engine?.stop();
  engine = null;
}

function requireEngine(): SyncEngine {
  if (!engine) throw new Error('Sync has not started: nobody is signed in.');
  return engine;
}

/** Push then pull now (the Sync now button, and after resolving). */
export const syncNow = () => requireEngine().sync();

/** Asks the service worker to replay even if the app is closed (Chromium's Background Sync). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      ?.sync;
    await sync?.register('ashray-replay');
  } catch {
    // Not supported or not allowed: the app's own triggers still replay.
  }
}

/**
 * The mutations every form calls (R1-R4). Each returns a value; none throws. Every
 * operation of every entity's descriptor is here, typed by it:
 * `mutations.tags.update(cid, { name })`, `mutations.centers.status(cid, { status })`,
 * `mutations.historyActions.reopen(fields)`, `mutations.users.delete(cid)`.
 */
export const mutations = {
  ...writesThrough(write),
  /**
   * Several writes saved together or not at all (a registration with its documents),
   * each built by `requests.<entity>.<op>`. A create may carry its own `cid` so later
   * writes of the same call can name it.
   */
  together: async (requests: readonly WriteRequest[]): Promise<WriteAllResult> => {
    const result = await requireEngine().writeAll(requests);
    if (result.ok) void requestBackgroundSync();
    return result;
  },
  /**
   * Bulk Update Details (POST /bulk_update): checked with the contract's schema, then one
   * queued entry and a pending history row per child, in one transaction.
   */
  bulkUpdate: async (values: Fields, children: readonly BulkChild[]): Promise<WriteResult> => {
    const built = bulkUpdateRequest(values, children);
    if (!built.ok) return { ok: false, reason: 'invalid', message: built.message };
    const result = await requireEngine().writeBatch(built.request);
    if (result.ok) void requestBackgroundSync();
    return result;
  },
};

async function write(request: WriteRequest): Promise<WriteResult> {
  const result = await requireEngine().write(request);
  if (result.ok) void requestBackgroundSync();
  return result;
}

/** The review queue of the signed-in user. */
export const review = {
  items: (): Promise<ReviewItem[]> => reviewItems(currentDb()),
  resolve: async (conflictId: number, choice: Resolution) => {
    await resolveConflict(currentDb(), conflictId, choice);
    void engine?.sync();
  },
  resubmit: async (seq: number, corrected?: Fields) => {
    await resubmitEntry(currentDb(), seq, corrected);
    void engine?.sync();
  },
  discard: (seq: number) => discardEntry(currentDb(), seq),
  retry: async () => {
    await retryNow(currentDb());
    void engine?.sync();
  },
};

/** Entries still waiting to be sent, oldest first. */
export const pendingEntries = () => currentDb().outbox.where('status').anyOf('queued', 'sending').sortBy('seq');

/**
 * Runs sync while someone is signed in: starts on sign-in or a restored session,
 * stops on sign-out. Returns the unsubscribe function.
 */
export function bindSyncToSession(options: { collections?: EntityName[] } = {}): () => void {
  const follow = (state: SessionState, previous?: SessionState) => {
    if (
      state.status === 'signed-in' &&
      (previous?.status !== 'signed-in' || sessionUserKey(state.user) !== sessionUserKey(previous.user))
    )
      startSync(options);
    if (state.status !== 'signed-in' && engine) stopSync();
  };
  follow(sessionStore.getState());
  const stopHanding = handDataKeyToWorker();
  const stopFollowing = sessionStore.subscribe(follow);
  return () => {
    stopFollowing();
    stopHanding();
  };
}

/** Counts for the header: queued, and waiting for the user. */
export async function outboxCounts(): Promise<{ pending: number; attention: number }> {
  const db = currentDb();
  const [pending, attention] = await Promise.all([
    db.outbox.where('status').anyOf('queued', 'sending').count(),
    db.outbox.where('status').equals('rejected').count(),
    db.conflicts.count(),
  ]).then(([queued, rejected, conflicts]) => [queued, rejected + conflicts]);
  return { pending, attention };
}

/** When this device last finished a sync (kept across reloads), or null. */
export async function lastSyncedAt(): Promise<number | null> {
  return (await currentDb().syncState.get(LAST_SYNC))?.lastPullAt ?? null;
}

/**
 * Records an opening of children's personal data (a profile tab, a document, a report's
 * list, an export) in the device's access log (device/access-log.ts); signed out, nothing.
 */
export async function logAccess(input: AccessInput): Promise<void> {
  if (sessionStore.getState().status !== 'signed-in') return;
  const db = currentDb();
  await recordAccess(db, input);
  // Online, the entries go a moment later (several opened together go in one batch);
  // offline they wait for the sync that follows the connection's return.
  if (!connectivityStore.getState().online) return;
  if (accessSend) clearTimeout(accessSend);
  accessSend = setTimeout(() => {
    accessSend = null;
    // A connection lost meanwhile leaves them for the sync that follows its return, as above.
    if (!connectivityStore.getState().online) return;
    if (db === currentDbOrNull()) void sendAccessLog(db, appTransport()).catch(() => null);
  }, ACCESS_SEND_DELAY_MS);
}

/** How long after an access, online, its entry is sent (more opened meanwhile go with it). */
const ACCESS_SEND_DELAY_MS = 2_000;
let accessSend: ReturnType<typeof setTimeout> | null = null;

const currentDbOrNull = () => (sessionStore.getState().status === 'signed-in' ? currentDb() : null);
