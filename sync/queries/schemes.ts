import { currentDb } from '../device/session';
import { appTransport } from '../net/transport';
import { pullCollection } from '../engine/pull';
import { isSyncError, type SyncError } from '../net/errors';
import { readLookup } from '../device/lookups-cache';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { buildPath } from '../contract';
import type { LocalScheme } from '../entities/schemes';
export type { LocalScheme };

/*
 * Social protection schemes on the device (spec part 2): the SPS Management table (an
 * administrator's `schemes` rows, pulled when the screen opens) and the choices of the
 * SPS action and Bulk Update: /sps_all as last fetched, overlaid with the schemes saved
 * or changed on this device, so a scheme added offline can be chosen at once.
 */

/** /sps_all, kept under this key. */
export const schemesLookup = { key: 'sps_all', path: buildPath('spsAll', {}) } as const;

/** A page of SPS Management, newest first; schemes not yet sent come first. */
export async function listSchemes(
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<{ rows: LocalScheme[]; pagination: Pagination }> {
  const rows = ((await currentDb().entity('schemes').toArray()) as LocalScheme[]).filter((r) => !r._deleted);
  const key = (r: LocalScheme) => (typeof r.id === 'number' ? r.id : Number.MAX_SAFE_INTEGER);
  rows.sort((a, b) => key(b) - key(a));
  const pagination = paginate(rows.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

/** Names of the active schemes, by name: /sps_all's, with this device's schemes (status 1) added and its inactive ones removed. */
export async function activeSchemeNames(): Promise<string[]> {
  const fetched = (await readLookup<{ id?: number; name: string; status?: number }[]>(schemesLookup.key))?.data ?? [];
  const local = (await currentDb().entity('schemes').toArray()) as LocalScheme[];
  const byKey = new Map<string, { name: string; active: boolean }>();
  for (const s of fetched)
    byKey.set(s.id !== undefined ? `id:${s.id}` : `name:${s.name}`, { name: s.name, active: s.status !== 0 });
  for (const s of local) {
    const key = typeof s.id === 'number' ? `id:${s.id}` : `cid:${s.cid}`;
    byKey.set(key, { name: String(s.name ?? ''), active: !s._deleted && Number(s.status ?? 1) === 1 });
  }
  const names = [...byKey.values()].filter((s) => s.active && s.name).map((s) => s.name);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** Brings the device's schemes up to date (delta pull, sync/SPEC.md R15-R17); failures are values. */
export async function pullSchemes(): Promise<{ ok: true } | { ok: false; error: SyncError }> {
  try {
    await pullCollection({ db: currentDb(), transport: appTransport() }, 'schemes');
    return { ok: true };
  } catch (error) {
    if (isSyncError(error)) return { ok: false, error };
    throw error;
  }
}
