import { createStore } from 'zustand/vanilla';
import type { SyncErrorReason } from '../net/errors';

/** What the header shows of sync: a spinner, the last success, and why it stopped. */
export type SyncStatus = {
  syncing: boolean;
  lastSyncAt: number | null;
  /** Why the last run could not finish; null when it did. */
  error: { reason: SyncErrorReason; message: string } | null;
  /** 401: replay waits for the user to sign in again. */
  paused: boolean;
  /** Collections the server refused to list at the last sync (403): the role no longer reads them. */
  refused: string[];
  /** Our extension lists this server does not offer (404/405): not pulled; the part 2 lists read it online. */
  missing: string[];
  /** While pulling: which collection (step of `of`) and how many of its records have come so far. */
  progress: { collection: string; step: number; of: number; rows: number } | null;
};

export const syncStatusStore = createStore<SyncStatus>(() => ({
  syncing: false,
  lastSyncAt: null,
  error: null,
  paused: false,
  refused: [],
  missing: [],
  progress: null,
}));
