import { readLookup, refreshLookup, lookupKeys } from '../device/lookups-cache';
import { buildPath } from '../contract/endpoints';
import {
  centerTypes,
  type CenterOption,
  type CenterPoint,
  type City,
  type Country,
  type District,
  type State,
} from '../contract';

/** The location lookups of the registration form, by what they are listed under. */
export type GeoKind = 'country' | 'state' | 'city' | 'districts';
export type GeoRow = Country | State | City | District;

/** Cache key and path of a location lookup: 'state:101' is GET /state/101. */
export function geoLookup(kind: GeoKind, parentId?: number | string | null): { key: string; path: string } | null {
  if (kind === 'country') return { key: 'country', path: buildPath('country', {}) };
  if (parentId === undefined || parentId === null || parentId === '') return null;
  const path = kind === 'state' ? buildPath('state', { countryId: parentId }) : buildPath(kind, { stateId: parentId });
  return { key: `${kind}:${parentId}`, path };
}

/** A location list from the device; undefined when never fetched here. */
export async function readGeo(kind: GeoKind, parentId?: number | string | null): Promise<GeoRow[] | undefined> {
  const lookup = geoLookup(kind, parentId);
  if (!lookup) return [];
  return (await readLookup<GeoRow[]>(lookup.key))?.data ?? undefined;
}

/** How long a fetched location list is trusted before it is fetched again (one day). */
export const GEO_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Fetches a location list into the `lookups` table when it is missing or older than a
 * day, so it opens offline after its first use. Failures are values, as everywhere.
 */
export async function ensureGeo(kind: GeoKind, parentId?: number | string | null, now = Date.now()) {
  const lookup = geoLookup(kind, parentId);
  if (!lookup) return { ok: true as const };
  return ensureLookup(lookup.key, lookup.path, now);
}

/** Center names (GET /centers_list, stored by the shell) as a map from id. */
export async function centerNames(): Promise<Map<number, string>> {
  return new Map((await centerOptions()).map((c) => [c.id, c.name]));
}

/** The centers (GET /centers_list): stored by the shell at each start, and by a screen that needs them. */
export const centersLookup = { key: lookupKeys.centersList, path: buildPath('centersList', {}) } as const;

/** Center options for selects, in the server's order. */
export async function centerOptions(): Promise<CenterOption[]> {
  return (await readLookup<CenterOption[]>(centersLookup.key))?.data ?? [];
}

/** The center points (GET /centers_points): stored by the shell, and by the center form when missing. */
export const centersPointsLookup = { key: lookupKeys.centersPoints, path: buildPath('centersPoints', {}) } as const;

/**
 * What the center form's Center select offers. Spec part 1: "Center (a choice from center
 * points)", GET /centers_points answering centertypeId and centername. Before the device
 * has that answer (first use offline) the four types the spec names are offered.
 */
export async function centerPointOptions(): Promise<CenterPoint[]> {
  const stored = (await readLookup<CenterPoint[]>(centersPointsLookup.key))?.data;
  if (Array.isArray(stored) && stored.length > 0) return stored;
  return centerTypes.map((t) => ({ centertypeId: t.id, centername: t.name }));
}

/** The centers a user may record meals for (GET /meal_centers, getMealCenters, spec part 2 section 7). */
export const mealCentersLookup = { key: 'meal_centers', path: buildPath('getMealCenters', {}) } as const;

/** The meal screens' center options: /meal_centers once kept, else every center. */
export async function mealCenterOptions(): Promise<CenterOption[]> {
  const kept = (await readLookup<CenterOption[]>(mealCentersLookup.key))?.data;
  return Array.isArray(kept) ? kept : centerOptions();
}

/** Cache key and path of a child's status flags, kept for offline use. */
export const childStatusLookup = (childId: number) => ({
  key: `child_status:${childId}`,
  path: buildPath('childStatus', { id: childId }),
});

/** Tags of the document rows (GET /tags_all), cached under 'tags_all'. */
export const tagsLookup = { key: 'tags_all', path: buildPath('tagsAll', {}) } as const;

export async function tagOptions(): Promise<{ id: number; name: string }[]> {
  return (await readLookup<{ id: number; name: string }[]>(tagsLookup.key))?.data ?? [];
}

/** Fetches a small lookup when missing or older than a day; failures are values. */
export async function ensureLookup(key: string, path: string, now = Date.now()) {
  const stored = await readLookup(key);
  if (stored && now - stored.pulledAt < GEO_MAX_AGE_MS) return { ok: true as const };
  return refreshLookup(key, path);
}
