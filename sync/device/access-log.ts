import {
  accessEntrySchema,
  buildPath,
  MAX_ACCESS_BATCH,
  MAX_ACCESS_BATCH_CHILDREN,
  MAX_ACCESS_CHILDREN,
  type AccessAction,
} from '../contract';
import type { AccessQueueRow, AppDb } from '../db/app-db';
import { lacksCall, rememberMissingCall } from '../engine/missing-extensions';
import { apiUrl, appVersion } from '../net/config';
import { isSyncError } from '../net/errors';
import type { Transport } from '../net/transport';
import { connectivityStore } from './connectivity';

/*
 * The device's access log (DESIGN.md, Access log): every opening of a child's personal
 * data is an entry in its own append-only queue (`accessQueue`), never merged, never a
 * conflict, never in the review queue, sent in batches with the next sync (POST
 * /access_log, our extension) under each entry's key, so a batch sent again after a lost
 * answer is stored once. A backend without the call (404/405) keeps the entries on the
 * device until the re-probe finds it.
 */

/** The localStorage key of this device's id (not personal: a random id naming the browser profile). */
export const DEVICE_ID_KEY = 'ashray-device-id';

let memoryDeviceId: string | null = null;

/** This device's id, made once and kept in the browser profile. */
export function deviceId(): string {
  if (typeof localStorage === 'undefined') return (memoryDeviceId ??= crypto.randomUUID());
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

export type AccessInput = {
  action: Exclude<AccessAction, 'access_log_read'>;
  childIds: readonly number[];
  /** Children the device knows only by their local record (registered here, not sent yet). */
  childCids?: readonly string[];
  subject?: string;
};

/**
 * Queues one access (several entries when it lists more children than one entry holds:
 * each part names its place, 'part 2/3'). A child the device knows only by its local record
 * (registered here, not sent yet) is named by that record and the entry waits for its id
 * (R8). With no child at all nothing is queued, but an export. Offline is what the device
 * believed at the time.
 */
export async function recordAccess(db: AppDb, input: AccessInput, now = new Date()): Promise<number> {
  const ids = [...new Set(input.childIds.filter((id) => Number.isInteger(id) && id > 0))];
  const cids = [...new Set(input.childCids ?? [])];
  // An export is logged even when it lists no child (who exported what); a view of nobody is nothing.
  if (ids.length === 0 && cids.length === 0 && input.action !== 'csv_export') return 0;
  const parts: number[][] = ids.length === 0 ? [[]] : [];
  for (let i = 0; i < ids.length; i += MAX_ACCESS_CHILDREN) parts.push(ids.slice(i, i + MAX_ACCESS_CHILDREN));
  const rows: AccessQueueRow[] = parts.map((childIds, i) => ({
    ...accessEntrySchema.parse({
      key: crypto.randomUUID(),
      action: input.action,
      child_ids: childIds,
      at: now.toISOString(),
      offline: !connectivityStore.getState().online,
      device_id: deviceId(),
      app_version: appVersion,
      subject: partSubject(input.subject, i, parts.length),
    }),
    ...(i === 0 && cids.length > 0 ? { child_cids: cids } : {}),
  }));
  await db.accessQueue.bulkAdd(rows);
  return rows.length;
}

const partSubject = (subject: string | undefined, index: number, parts: number): string | null => {
  if (parts === 1) return subject ?? null;
  return `${subject ? `${subject} ` : ''}part ${index + 1}/${parts}`.slice(0, 200);
};

/**
 * The entry as it is sent, its children named by server id: null while a child it names by
 * its local record has no id yet; a local record no longer on the device (a registration
 * discarded before it was sent) names nobody the server knows and is left out.
 */
async function ready(db: AppDb, row: AccessQueueRow): Promise<AccessQueueRow | null> {
  const { child_cids: cids, ...entry } = row;
  if (!cids?.length) return entry;
  const children = await db.entity('children').bulkGet(cids);
  if (children.some((child) => child && typeof child.id !== 'number')) return null;
  const ids = children.flatMap((child) => (child && typeof child.id === 'number' ? [child.id] : []));
  return { ...entry, child_ids: [...new Set([...entry.child_ids, ...ids])].slice(0, MAX_ACCESS_CHILDREN) };
}

/** How many queued rows a batch reads at a time, looking past entries still waiting for an id. */
const READ_PAGE = 2 * MAX_ACCESS_BATCH;

/**
 * The next batch: oldest first, within the entry and child limits of one POST, entries still
 * waiting for an id left queued. The queue is read a page at a time, not whole: a device
 * offline for days holds thousands of entries and sends them a batch at a time.
 */
async function nextBatch(db: AppDb): Promise<AccessQueueRow[]> {
  const batch: AccessQueueRow[] = [];
  let children = 0;
  let after = 0;
  for (;;) {
    const page = await db.accessQueue.where('seq').above(after).limit(READ_PAGE).toArray();
    for (const row of page) {
      after = row.seq!;
      const entry = await ready(db, row);
      if (!entry) continue;
      if (entry.child_ids.length === 0 && entry.action !== 'csv_export') {
        // Its only child was a registration discarded before it was sent: nobody to name.
        await db.accessQueue.delete(row.seq!);
        continue;
      }
      if (batch.length === MAX_ACCESS_BATCH) return batch;
      if (batch.length > 0 && children + entry.child_ids.length > MAX_ACCESS_BATCH_CHILDREN) return batch;
      batch.push(entry);
      children += entry.child_ids.length;
    }
    if (page.length < READ_PAGE) return batch;
  }
}

export type AccessSendResult = { sent: number; left: number; missing: boolean };

/**
 * Sends the queue in batches until it is empty or a send fails (offline, a timeout: the
 * entries stay for the next sync). A server that lacks the call (404/405) is remembered
 * and not asked again until the re-probe; its entries stay.
 */
export async function sendAccessLog(db: AppDb, transport: Transport, now = Date.now()): Promise<AccessSendResult> {
  const server = apiUrl();
  if (await lacksCall(db, server, 'access_log', now))
    return { sent: 0, left: await db.accessQueue.count(), missing: true };
  let sent = 0;
  for (;;) {
    const batch = await nextBatch(db);
    if (batch.length === 0) return { sent, left: await db.accessQueue.count(), missing: false };
    try {
      await transport.request('POST', buildPath('accessLog', {}), {
        json: { entries: batch.map(({ seq: _seq, ...entry }) => entry) },
        kind: 'write',
      });
    } catch (error) {
      if (isSyncError(error) && (error.status === 404 || error.status === 405)) {
        await rememberMissingCall(db, server, 'access_log', now);
        return { sent, left: await db.accessQueue.count(), missing: true };
      }
      if (isSyncError(error) && error.reason === 'validation') {
        // Entries are checked with the same schema before they are queued; a server that
        // still refuses them never will take them: they are dropped, not retried forever.
        console.warn('[ashray] access entries refused by the server:', error.message);
      } else return { sent, left: await db.accessQueue.count(), missing: false };
    }
    await db.accessQueue.bulkDelete(batch.map((row) => row.seq!));
    sent += batch.length;
  }
}
