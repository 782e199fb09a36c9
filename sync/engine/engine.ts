import type { AppDb } from '../db/app-db';
import { hasDataKey, onDataKey } from '../db/seal';
import { isSyncError } from '../net/errors';
import { pullCollection, type PullResult } from './pull';
import { Replayer, type ReplaySummary } from './replay';
import { LAST_SENT } from './marks';
import { syncStatusStore } from './sync-status';
import type { Transport } from '../net/transport';
import { writeLocal, writeLocalAll, type WriteAllResult, type WriteRequest, type WriteResult } from './outbox';
import { retryNow } from './review';
import { writeBatch, type BatchRequest } from './batch';
import { descriptorOf, isEntityName, type EntityName } from '../entities/registry';
import { wireEndpoints } from '../contract/endpoints';
import { readMissingExtensions, REPROBE_MS, writeMissingExtensions } from './missing-extensions';

export type EngineDeps = {
  db: AppDb;
  transport: Transport;
  /** Collections pulled, in order (parents before children); a function is asked at each sync (the role may change). */
  collections: EntityName[] | (() => EntityName[]);
  now?: () => number;
  random?: () => number;
  perPage?: number;
  timeoutMs?: number;
  /** Path parameters of list calls (pull.ts). */
  listParams?: Record<string, string | number>;
  /** Runs after each successful sync (the app refreshes the signed-in user's role). */
  afterSync?: () => Promise<void>;
  /** The API base this engine talks to: missing extensions are remembered per server. */
  server?: () => string;
  /**
   * Whether a write schedules a replay (default true, R5). Off only where the caller drives
   * every replay itself (the simulated devices of the integration tests): a replay fired by
   * the clock would race the faults and steps they put in order.
   */
  replayAfterWrite?: boolean;
};

export type SyncRun = { replay: ReplaySummary; pulled: PullResult[] };

/** The syncState row that remembers the last complete sync, so a reload still knows it. */
export const LAST_SYNC = '__last_sync';

const WRITE_DEBOUNCE_MS = 400;
const TIMER_MS = 30_000;

/**
 * The sync engine of one device and user: local writes, replay and pull, and the
 * triggers that run them (R5). No React here: screens call it through sync/index.ts.
 */
export class SyncEngine {
  readonly replayer: Replayer;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<SyncRun> | null = null;
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly deps: EngineDeps) {
    this.replayer = new Replayer(deps);
  }

  get db(): AppDb {
    return this.deps.db;
  }

  /** R1-R4: write locally, queue, and schedule a replay. */
  async write(request: WriteRequest): Promise<WriteResult> {
    const result = await writeLocal(this.deps.db, request);
    if (result.ok) this.scheduleReplay();
    return result;
  }

  /** Writes that stand or fall together (a child with its documents), then a replay. */
  async writeAll(requests: readonly WriteRequest[]): Promise<WriteAllResult> {
    const result = await writeLocalAll(this.deps.db, requests);
    if (result.ok) this.scheduleReplay();
    return result;
  }

  /** A batch write (sync/batch.ts): many rows, one outbox entry, then a replay as for any write. */
  async writeBatch(request: BatchRequest): Promise<WriteResult> {
    const result = await writeBatch(this.deps.db, request);
    if (result.ok) this.scheduleReplay();
    return result;
  }

  /** Replays after writes settle (debounced); offline there is nothing to try. */
  scheduleReplay(): void {
    if (!isOnline() || this.deps.replayAfterWrite === false) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.replay();
    }, WRITE_DEBOUNCE_MS);
  }

  /** A drain of the outbox; a failure on this device that ended it is shown as the sync's error. */
  async replay(): Promise<ReplaySummary> {
    // Locked: the queue can be neither read nor written; it waits for the unlock (start).
    if (!hasDataKey()) return { sent: 0, failed: 0, paused: false, busy: true, error: null };
    const summary = await this.replayer.run();
    if (summary.error) syncStatusStore.setState({ error: { reason: 'device', message: summary.error } });
    return summary;
  }

  /** Push then pull every collection, once at a time; the header follows along. */
  sync(): Promise<SyncRun> {
    if (!hasDataKey())
      return Promise.resolve({ replay: { sent: 0, failed: 0, paused: false, busy: true, error: null }, pulled: [] });
    this.running ??= this.runSync().finally(() => (this.running = null));
    return this.running;
  }

  private async runSync(): Promise<SyncRun> {
    syncStatusStore.setState({ syncing: true });
    const pulled: PullResult[] = [];
    let replay: ReplaySummary = { sent: 0, failed: 0, paused: false, busy: false, error: null };
    let failed: string | null = null;
    try {
      replay = await this.replay();
      failed ??= replay.error;
      if (replay.paused) {
        syncStatusStore.setState({
          paused: true,
          error: { reason: 'unauthenticated', message: 'Sign in again to send your changes.' },
        });
        return { replay, pulled };
      }
      const collections = typeof this.deps.collections === 'function' ? this.deps.collections() : this.deps.collections;
      const refused: string[] = [];
      const now = (this.deps.now ?? Date.now)();
      const server = this.deps.server?.() ?? '';
      const known = await readMissingExtensions(this.deps.db, server);
      // A server known to lack an extension is not asked again until the re-probe is due.
      const reprobe = known.probedAt === null || now - known.probedAt >= REPROBE_MS;
      const missing: EntityName[] = reprobe
        ? []
        : known.missing.filter((c): c is EntityName => isEntityName(c) && collections.includes(c));
      // Writes queued while the pull ran go at its end, and another replayer (Background
      // Sync's, when the connection came back during a run) may send some meanwhile. What
      // they change on the server besides their own record (an entry moves its child's
      // Present Status) is pulled once more, so a run that ends after the device's write
      // never leaves it holding the older copy: an edit or delete of that copy would be a
      // conflict with the device's own write (R11, R13).
      for (let round = 0; round < 2; round++) {
        const started = (this.deps.now ?? Date.now)();
        pulled.push(...(await this.pullAll(collections, missing, refused)));
        if (await this.deps.db.outbox.where('status').anyOf('queued', 'sending').count()) {
          replay = await this.replay();
          failed ??= replay.error;
        }
        const sent = (await this.deps.db.syncState.get(LAST_SENT))?.lastPullAt ?? 0;
        if (sent < started) break;
      }
      if (reprobe || missing.length)
        await writeMissingExtensions(this.deps.db, server, missing, reprobe ? now : (known.probedAt ?? now));
      syncStatusStore.setState({ refused, missing });
      await this.deps.afterSync?.();
      const at = (this.deps.now ?? Date.now)();
      await this.deps.db.syncState.put({ collection: LAST_SYNC, cursor: null, lastPullAt: at });
      // The pull went through; a drain that stopped on this device's failure still says so.
      const error = failed ? { reason: 'device' as const, message: failed } : null;
      syncStatusStore.setState({ lastSyncAt: at, error, paused: false });
    } catch (error) {
      // Whatever went wrong, the queue stays and the next trigger tries again; the header says so.
      if (!isSyncError(error)) console.error('[ashray] sync failed', error);
      const reason = isSyncError(error) ? error.reason : 'unreadable';
      syncStatusStore.setState({ error: { reason, message: error instanceof Error ? error.message : String(error) } });
    } finally {
      syncStatusStore.setState({ syncing: false, progress: null });
    }
    return { replay, pulled };
  }

  /**
   * Pulls each collection once, in order. A 403 is a permissions change (`refused`), a
   * 404/405 on an extension row a backend without it (`missing`); both are noted, not errors.
   */
  private async pullAll(collections: EntityName[], missing: EntityName[], refused: string[]): Promise<PullResult[]> {
    const pulled: PullResult[] = [];
    for (const [index, collection] of collections.entries()) {
      if (missing.includes(collection) || refused.includes(collection)) continue;
      const progress = { collection, step: index + 1, of: collections.length, rows: 0 };
      syncStatusStore.setState({ progress });
      const onProgress = (_: string, rows: number) => syncStatusStore.setState({ progress: { ...progress, rows } });
      try {
        pulled.push(await pullCollection({ ...this.deps, onProgress }, collection));
      } catch (error) {
        // A 403 on a pull is a permissions change to show, not a sync error (DESIGN.md, Pull):
        // the other collections still come, and the header says what this device cannot read.
        if (isSyncError(error) && error.reason === 'forbidden') refused.push(collection);
        // A 404/405 on one of our extension rows is a backend without it (DESIGN.md, fallback):
        // remembered per server and never a sync error.
        else if (isMissingExtension(error, collection)) missing.push(collection);
        else throw error;
      }
    }
    return pulled;
  }

  /** Starts the triggers: now, on `online`, every 30 s while online. */
  start(): void {
    const online = isOnline;
    // Back online (or opened again): what waited out a backoff while offline goes now.
    const onOnline = () =>
      void retryNow(this.deps.db)
        .catch((error: unknown) => console.error('[ashray] retry reset failed', error))
        .then(() => this.sync());
    if (typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      this.cleanups.push(() => window.removeEventListener('online', onOnline));
    }
    this.timer = setInterval(() => {
      if (online()) void this.sync();
    }, TIMER_MS);
    // Unlocked (after a reload or the idle lock): what waited for the key goes now.
    this.cleanups.push(onDataKey((key) => key && online() && onOnline()));
    if (online()) onOnline();
  }

  stop(): void {
    this.replayer.kill();
    if (this.debounce) clearTimeout(this.debounce);
    if (this.timer) clearInterval(this.timer);
    this.cleanups.splice(0).forEach((c) => c());
  }
}

function isMissingExtension(error: unknown, collection: EntityName): boolean {
  if (!isSyncError(error) || (error.status !== 404 && error.status !== 405)) return false;
  const endpoint = descriptorOf(collection).list.endpoint;
  return 'extension' in wireEndpoints[endpoint] && wireEndpoints[endpoint].extension === true;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}
