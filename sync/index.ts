/**
 * The only entry the app imports: the offline data layer. Screens read local data
 * through these functions and write only through its mutations.
 */
export * from './contract';
export { SyncError, isSyncError, type SyncErrorReason } from './net/errors';
export { apiBase } from './net/config';
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
} from './device/session';
export { refreshLookup, readLookup, lookupKeys, type LookupResult } from './device/lookups-cache';
export { refreshNotifyCount, refreshShell } from './device/shell-refresh';
export { connectivityStore } from './device/connectivity';
export { saveDraft, readDraft, discardDraft } from './device/drafts';
export { deviceInventory, type DeviceInventory } from './device/inventory';
export { PHOTO_BUDGET_BYTES } from './device/photo-prefetch';
export { lockStore, lockIfIdle, unlock, markActive, IDLE_LOCK_MS, type LockState } from './device/idle-lock';
export { isDataLocked } from './db/seal';
export { syncStatusStore, type SyncStatus } from './engine/sync-status';
export { replayNoticeStore, type ReplayNotices } from './engine/replay-notices';
export {
  startSync,
  stopSync,
  syncNow,
  mutations,
  review,
  pendingEntries,
  pulledCollections,
  bindSyncToSession,
  outboxCounts,
  lastSyncedAt,
  logAccess,
} from './public-api';
export { deviceId, type AccessInput } from './device/access-log';
export { bulkUpdateInput } from './entities/bulk-update';
export { labelOf, type EntityName } from './entities/registry';
export { checkCorrection, entityFieldOf, entityLabelOf } from './entities/review-fields';
export { requests, type Sent } from './entities/writes';
export type { UserInput } from './entities/users';
export type { WriteAllResult, WriteRequest, WriteResult } from './engine/outbox';
export type { Resolution, ReviewItem } from './engine/review';
export type { OutboxEntry, ConflictRow, LocalRow, RowSyncState } from './db/app-db';
export * from './queries';
