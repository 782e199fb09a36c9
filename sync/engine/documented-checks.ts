import type { AppDb, LocalRow, OutboxEntry } from '../db/app-db';
import type { EntityDescriptor } from '../entities/registry';
import { buildPath, pathParamNames, routeOf, wireEndpoints } from '../contract';
import type { Transport } from '../net/transport';
import { readMissingExtensions } from './missing-extensions';
import { compareStamps, type Fields } from './reconcile';

/*
 * R7 and R11 against a backend of the documented calls only (DESIGN.md, The wire:
 * `If-Match` and `Idempotency-Key` are our extensions, and the client falls back).
 * Such a backend ignores both headers, so the replayer asks documented reads instead:
 *
 * - before an update or delete, the record's documented view (`/child_view/{id}`): an
 *   `updated_at` other than the base's is the 409 our server would have answered (R11),
 *   a 404 the record gone (R13). The read and the write are two requests, so a change
 *   landing between them is not seen (our server's atomic check has no such window).
 * - before sending again a create that already went out (its answer lost), the entity's
 *   documented list, filtered to what the create sent: a record it made is adopted as the
 *   answer instead of a second one (R7).
 *
 * Only children have both: a documented view of one record and a list searchable by
 * what a create sends. The other entities' views are extension rows (a history entry's
 * /history_view) or whole lists, and no documented list finds a record by the fields its
 * create sent, so against such a backend their updates go without a check (the later
 * write wins) and a create whose answer was lost may be made twice.
 */

/**
 * Whether `server` may ignore our headers: remembered as a backend without our extensions
 * (its pull fell back), or not known yet. What a server lacks is learnt when a sync ends,
 * and forgotten at each sign-in; a first sync of head office against the trust's backend
 * takes minutes, and a create resent meanwhile (its answer lost to a closed tab) would
 * otherwise go out again unlooked-up and be made twice (R7). Against our server the checks
 * only cost a read until then.
 */
export async function lacksWriteProtocol(db: AppDb, server: string | undefined): Promise<boolean> {
  if (server === undefined) return false;
  const known = await readMissingExtensions(db, server);
  return known.probedAt === null || known.missing.length > 0;
}

/** The entity's documented view of one record by its id, if it has one. */
export function documentedView(descriptor: EntityDescriptor) {
  const endpoint = descriptor.view.endpoint;
  const row = wireEndpoints[endpoint];
  if ('extension' in row && row.extension) return null;
  const params = pathParamNames(endpoint);
  return params.length === 1 && params[0] === 'id' ? endpoint : null;
}

export type ServerRecord = Fields & { id: number; updated_at?: string };

/**
 * The server's current record through the documented view; null when it answers 404
 * (gone). Other failures are thrown, as the write's own would be.
 */
export async function readCurrent(
  transport: Transport,
  endpoint: NonNullable<ReturnType<typeof documentedView>>,
  id: number,
  timeoutMs: number,
): Promise<ServerRecord | null> {
  try {
    const envelope = await transport.request<ServerRecord>(
      routeOf(endpoint).method,
      buildPath(endpoint, { id } as never),
      {
        timeoutMs,
      },
    );
    return envelope.data ?? null;
  } catch (error) {
    if ((error as { reason?: string }).reason === 'not-found') return null;
    throw error;
  }
}

/** Whether the record changed on the server since `base` (compared as instants, R11). */
export function changedSince(base: Fields | null, current: ServerRecord): boolean {
  return (compareStamps(current.updated_at, base?.updated_at) ?? 0) !== 0;
}

/** The fields of a child's create that identify it in the documented list (part 1, section 5). */
const childKey = ['name', 'gender', 'dateofarrival'] as const;
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v);
/** How far the device's clock may be from the server's when a create's first send is compared with created_at. */
export const CLOCK_SKEW_MS = 15 * 60_000;

/**
 * The record a create already made, looked up through the documented list: a child with
 * the same name, gender and arrival date (and center, when the create named one), created
 * no earlier than the entry first went out (`sentAt`, give or take the clocks' skew). A
 * record the device holds with changes of its own is another child. Null when none is
 * found (the create did not land) or the entity has no such lookup.
 */
export async function findCreated(
  db: AppDb,
  transport: Transport,
  entry: OutboxEntry,
  row: LocalRow | undefined,
  timeoutMs: number,
): Promise<ServerRecord | null> {
  if (entry.entity !== 'children') return null;
  const sent = { ...(row ?? {}), ...entry.payload } as Fields;
  if (childKey.some((field) => typeof sent[field] !== 'string' || sent[field] === '')) return null;
  const endpoint = 'childRegistrations' as const;
  const envelope = await transport.request<ServerRecord[]>(routeOf(endpoint).method, buildPath(endpoint, {}), {
    json: { name: sent.name, gender: sent.gender },
    searchParams: { per_page: 100 },
    timeoutMs,
  });
  const center = sent.centerdetailId;
  const since = entry.sentAt === undefined ? null : entry.sentAt - CLOCK_SKEW_MS;
  const candidates = (Array.isArray(envelope.data) ? envelope.data : []).filter(
    (child) =>
      childKey.every((field) => day(child[field]) === day(sent[field])) &&
      (center === undefined || center === null || center === '' || String(child.centerdetailId) === String(center)) &&
      (since === null || Date.parse(String(child.created_at)) >= since),
  );
  const table = db.entity('children');
  for (const child of candidates.sort((a, b) => b.id - a.id)) {
    const held = await table.where('id').equals(child.id).first();
    // One a pull brought in meanwhile (synced, nothing queued) may be this create's.
    if (!held || (since !== null && held._sync === 'synced')) return child;
  }
  return null;
}
