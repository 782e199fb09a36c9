import { entityTables } from '../db/app-db';
import { currentDb } from './session';
import { photoCacheName } from './photo-cache';

/** What the signed-in user's device holds, for the 'On this device' panel. */
export type DeviceInventory = {
  children: number;
  /** Every record kept for offline use (children, history, documents, lists, …). */
  records: number;
  /** Child photos and document pictures kept for offline. */
  photos: number;
  /** Changes saved here that have not reached the server yet. */
  queued: number;
  /** Changes the server refused or that conflict: they wait for the user on the Sync page. */
  needsDecision: number;
  /** Forms with a draft kept. */
  drafts: number;
  /** Bytes used and allowed for this site, when the browser says. */
  storage: { usage: number; quota: number } | null;
  /** Whether the browser keeps this site's data under storage pressure; null when it does not say. */
  persisted: boolean | null;
};

async function photoCount(dbName: string): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  try {
    return (await (await caches.open(photoCacheName(dbName))).keys()).length;
  } catch {
    return 0;
  }
}

async function storageState(): Promise<Pick<DeviceInventory, 'storage' | 'persisted'>> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.().catch(() => null) ?? null,
    storage?.persisted?.().catch(() => null) ?? null,
  ]);
  return {
    storage:
      estimate && typeof estimate.usage === 'number' ? { usage: estimate.usage, quota: estimate.quota ?? 0 } : null,
    persisted: typeof persisted === 'boolean' ? persisted : null,
  };
}

/** Counts what the device holds for the signed-in user (works offline). */
export async function deviceInventory(): Promise<DeviceInventory> {
  const db = currentDb();
  const [counts, queued, rejected, conflicts, drafts, photos, state] = await Promise.all([
    Promise.all(entityTables.map((t) => db.entity(t).count())),
    db.outbox.where('status').anyOf('queued', 'sending').count(),
    db.outbox.where('status').equals('rejected').count(),
    db.conflicts.count(),
    db.drafts.count(),
    photoCount(db.name),
    storageState(),
  ]);
  return {
    children: counts[entityTables.indexOf('children')] ?? 0,
    records: counts.reduce((sum, n) => sum + n, 0),
    photos,
    queued,
    needsDecision: rejected + conflicts,
    drafts,
    ...state,
  };
}
