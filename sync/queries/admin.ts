import type { EntityTable, LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { appTransport } from '../net/transport';
import { pullCollection } from '../engine/pull';
import { isSyncError, type SyncError } from '../net/errors';
import { apiBase } from '../net/config';
import { pathPrefix } from '../contract/endpoints';
import { isLocalFile } from '../engine/outbox';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { centersDetailsKeyByType, type CenterFilter, type CentersDetails, type UserFilter } from '../contract';
import type { LocalCenter } from '../entities/centers';
import type { LocalTag } from '../entities/tags';
import type { LocalRole } from '../entities/roles';
import type { LocalUser } from '../entities/users';
export type { LocalCenter, LocalTag, LocalRole, LocalUser };

/*
 * Read queries of the administration lists (centers, tags, roles, users) over the device,
 * so the screens open offline, and the pull that fills them. These collections are
 * small (tens to hundreds of rows): each query reads its table once.
 */

export type AdminPage<T> = { rows: T[]; pagination: Pagination };

const isSet = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const contains = (value: unknown, needle: string) =>
  String(value ?? '')
    .toLowerCase()
    .includes(needle.trim().toLowerCase());

/**
 * One page of a table in the server's order: centers oldest first (head office on top),
 * the others newest first; records created here and not yet sent sit where a new id
 * would. Pending deletes are hidden.
 */
async function pageOf<T extends LocalRow>(
  table: EntityTable,
  newestFirst: boolean,
  match: (row: T) => boolean,
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<AdminPage<T>> {
  const all = (await currentDb().entity(table).toArray()) as T[];
  const rows = all.filter((r) => !r._deleted && match(r));
  const key = (r: T) => (typeof r.id === 'number' ? r.id : Number.MAX_SAFE_INTEGER);
  rows.sort((a, b) => (newestFirst ? key(b) - key(a) : key(a) - key(b)));
  const pagination = paginate(rows.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

/** Center Details: filtered by type and name (substring, any case). */
export const listCenters = (filter: Partial<Record<keyof CenterFilter, string | number | null>> = {}, page = 1) =>
  pageOf<LocalCenter>(
    'centers',
    false,
    (c) =>
      (!isSet(filter.centertypeId) || Number(c.centertypeId) === Number(filter.centertypeId)) &&
      (!isSet(filter.name) || contains(c.name, String(filter.name))),
    page,
  );

export const listTags = (page = 1) => pageOf<LocalTag>('tags', true, () => true, page);
export const listRoles = (page = 1) => pageOf<LocalRole>('roles', true, () => true, page);

/** Users Management List: filtered by center, role and name. */
export const listUsers = (filter: Partial<Record<keyof UserFilter, string | number | null>> = {}, page = 1) =>
  pageOf<LocalUser>(
    'users',
    true,
    (u) =>
      (!isSet(filter.centertypeId) || Number(u.centerId ?? u.centertypeId) === Number(filter.centertypeId)) &&
      (!isSet(filter.role_id) || Number(u.role_id) === Number(filter.role_id)) &&
      (!isSet(filter.name) || contains(u.name, String(filter.name))),
    page,
  );

/**
 * The stat tiles (the shape of GET /centers_details), counted from the device so they
 * open offline and include centers saved here and not yet sent.
 */
export async function centersDetails(): Promise<CentersDetails> {
  const details: CentersDetails = { total_centers: 0, contact_point: 0, open_shelter: 0, home: 0, child_help_line: 0 };
  const rows = (await currentDb().entity('centers').toArray()) as LocalCenter[];
  for (const row of rows.filter((r) => !r._deleted)) {
    details.total_centers++;
    const key = centersDetailsKeyByType[Number(row.centertypeId) as keyof typeof centersDetailsKeyByType];
    if (key) details[key]++;
  }
  return details;
}

/** Roles that exist on the server (have an id), for the user form and filters. */
export async function roleOptions(): Promise<{ id: number; name: string }[]> {
  const rows = (await currentDb().entity('roles').toArray()) as LocalRole[];
  return rows
    .filter((r) => typeof r.id === 'number' && !r._deleted)
    .map((r) => ({ id: r.id!, name: String(r.name ?? '') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Where the server serves user pictures (the list's image_path). */
export const USER_IMAGE_PATH = `${apiBase.replace(/\/$/, '')}${pathPrefix('userImageFile')}`;

export function userImageUrl(image: unknown): string | null {
  if (typeof image !== 'string' || image === '' || isLocalFile(image)) return null;
  return `${USER_IMAGE_PATH}${encodeURIComponent(image)}`;
}

export const adminCollections = ['centers', 'tags', 'roles', 'users'] as const;
export type AdminCollection = (typeof adminCollections)[number];

/**
 * Pulls administration collections onto the device (delta pulls, sync/SPEC.md R15-R17).
 * The app's sync leaves them out for everyone (only administrators may list them), so
 * the administration screens call this when they open. Failures are values.
 */
export async function pullAdminLists(
  collections: readonly AdminCollection[] = adminCollections,
): Promise<{ ok: true } | { ok: false; error: SyncError }> {
  try {
    const deps = { db: currentDb(), transport: appTransport() };
    for (const collection of collections) await pullCollection(deps, collection);
    return { ok: true };
  } catch (error) {
    if (isSyncError(error)) return { ok: false, error };
    throw error;
  }
}

const liveCount = (table: EntityTable, index: string, id: number) =>
  currentDb()
    .entity(table)
    .where(index)
    .equals(id)
    .filter((r) => !r._deleted)
    .count();

/**
 * What on this device still uses a role or a center: the server refuses to delete either
 * while users hold the role, or children or users belong to the center (part 1, section 6),
 * so the screens say so before the user confirms a delete that would be refused later.
 */
export async function roleHolders(roleId: number): Promise<number> {
  return liveCount('users', 'role_id', roleId);
}

export async function centerMembers(centerId: number): Promise<{ children: number; users: number }> {
  const db = currentDb();
  // Over the child list's index (db/child-index.ts): children are not indexed by center.
  const [, users] = await Promise.all([db.childIndex.ready(), liveCount('users', 'centerId', centerId)]);
  const children = db.childIndex.all().filter((c) => c.centerId === centerId && !c.deleted).length;
  return { children, users };
}
