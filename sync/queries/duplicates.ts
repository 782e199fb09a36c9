import { distance } from 'fastest-levenshtein';
import { currentDb } from '../device/session';
import type { LocalChild } from './children';

/** What a new child's form knows when it is about to be saved. */
export type NewChildDetails = {
  name?: string;
  gender?: string;
  centerdetailId?: string | number;
  dateofarrival?: string;
  dob?: string;
};

/** Why a stored child looks like the one being added, besides a similar name and the same gender. */
export type MatchReason = 'center' | 'arrival' | 'dob';

export type LikelyMatch = { child: LocalChild; nameScore: number; reasons: MatchReason[] };

/** Names this alike (1 = the same letters) count as similar: "Sunita Devi" and "Sunita Devee". */
export const SIMILAR_NAME = 0.8;
/** Arrival dates this close count as the same arrival told twice. */
export const ARRIVAL_WINDOW_DAYS = 30;
const SHOWN = 5;

/** Lower case letters and single spaces: case, dots and extra spaces do not make another name. */
const plain = (name: unknown): string =>
  String(name ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sortedWords = (name: string): string => name.split(' ').sort().join(' ');

const likeness = (a: string, b: string): number =>
  a.length || b.length ? 1 - distance(a, b) / Math.max(a.length, b.length) : 0;

/** How alike two names are, 0–1; word order does not matter ("Devi Sunita" is "Sunita Devi"). */
export function nameLikeness(a: unknown, b: unknown): number {
  const x = plain(a);
  const y = plain(b);
  if (!x || !y) return 0;
  return Math.max(likeness(x, y), likeness(sortedWords(x), sortedWords(y)));
}

const daysApart = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/**
 * Whether `child` is likely the one described by `details`: a similar name, the same
 * gender (when both are known), and at least one of the same center, an arrival within
 * ARRIVAL_WINDOW_DAYS, or the same date of birth. Null when it is not.
 */
export function matchChild(details: NewChildDetails, child: LocalChild): LikelyMatch | null {
  if (child._deleted) return null;
  const nameScore = nameLikeness(details.name, child.name);
  if (nameScore < SIMILAR_NAME) return null;
  if (details.gender && child.gender && details.gender !== child.gender) return null;
  const reasons: MatchReason[] = [];
  if (details.centerdetailId && Number(details.centerdetailId) === Number(child.centerdetailId)) reasons.push('center');
  if (isDate(details.dateofarrival) && isDate(child.dateofarrival)) {
    if (daysApart(details.dateofarrival, child.dateofarrival) <= ARRIVAL_WINDOW_DAYS) reasons.push('arrival');
  }
  if (isDate(details.dob) && details.dob === child.dob) reasons.push('dob');
  return reasons.length ? { child, nameScore, reasons } : null;
}

/**
 * The children on the device most likely to be the one about to be added, best first
 * (at most five). Names are compared from the child list's index in memory (names have no
 * IndexedDB index: it would hold them in clear, db/seal.ts); only similar names' rows are
 * read, so the check stays quick with every center's children on the device.
 */
export async function likelyDuplicates(details: NewChildDetails): Promise<LikelyMatch[]> {
  if (!plain(details.name)) return [];
  const db = currentDb();
  await db.childIndex.ready();
  const similar = db.childIndex
    .all()
    .filter((entry) => nameLikeness(details.name, entry.name) >= SIMILAR_NAME)
    .map((entry) => entry.cid);
  const rows = (await db.entity('children').bulkGet(similar)) as (LocalChild | undefined)[];
  return rows
    .map((row) => (row ? matchChild(details, row) : null))
    .filter((m): m is LikelyMatch => m !== null)
    .sort((a, b) => b.reasons.length - a.reasons.length || b.nameScore - a.nameScore)
    .slice(0, SHOWN);
}
