import { createStore } from 'zustand/vanilla';
import type { SessionUser } from '../contract/auth';

export type SessionState =
  { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SessionUser };

/**
 * Who is signed in. The header, guards and every hook read this store. A module of its own,
 * without Dexie or zod, so the first load's guards read it before the data layer has loaded
 * (sync/shell.ts).
 */
export const sessionStore = createStore<SessionState>(() => ({ status: 'loading', user: null }));

/** Browser-storage mirror of the saved user, as the spec keeps it. */
export const STORAGE_KEY = 'user';

/**
 * Whether the spec's browser-storage mirror holds a user: read before the data layer has
 * loaded, so a signed-in start fetches that layer at once and a signed-out one does not.
 */
export function hasSessionMirror(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
