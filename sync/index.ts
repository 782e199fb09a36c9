/**
 * The only entry the app imports: the offline data layer. Screens read local data
 * through these functions and write only through its mutations.
 */
export * from './contract';
export { SyncError, isSyncError, type SyncErrorReason } from './errors';
export { apiBase } from './config';
export {
  sessionStore,
  restoreSession,
  signIn,
  signOut,
  onSessionEnded,
  refreshUser,
  type SessionState,
  type SignInResult,
  type SignOutResult,
} from './session';
export { refreshLookup, readLookup, refreshShell, lookupKeys, type LookupResult } from './lookups';
export { connectivityStore } from './connectivity';
export { lockStore, lockIfIdle, unlock, markActive, IDLE_LOCK_MS, type LockState } from './idle-lock';
export { syncStatusStore, type SyncStatus } from './status';
export { startSync, stopSync, syncNow, mutations, review, pendingEntries, pulledCollections, bindSyncToSession, outboxCounts, lastSyncedAt } from './app-sync';
export type { WriteAllResult, WriteRequest, WriteResult } from './outbox';
export type { Resolution, ReviewItem } from './review';
export type { OutboxEntry, ConflictRow, LocalRow, RowSyncState } from './db/app-db';
export * from './queries';
