import { useState } from 'react';
// eslint-disable-next-line no-restricted-imports
import { useLiveQuery as useDexieLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { isDataLocked, lockStore } from '../../sync';

/** What a query answered while the data was locked: nothing to show, keep what was shown. */
const LOCKED = Symbol('locked');

/**
 * dexie-react-hooks' `useLiveQuery`, for a device whose records are sealed at rest (DESIGN:
 * Security on the device). A screen stays mounted under the idle lock, so a half-typed form
 * is there after the unlock; a query that runs again meanwhile (a write refused at the lock
 * makes Dexie's live queries read again) cannot open a record without the key. Instead of
 * throwing into the screen, it keeps what it showed, and reads again at the unlock.
 */
export function useLiveQuery<T, D = undefined>(
  querier: () => Promise<T> | T,
  deps: unknown[] = [],
  defaultResult?: D,
): T | D {
  const locked = useStore(lockStore, (s) => s.locked);
  const [shown, setShown] = useState<T | D>(defaultResult as D);
  const answer = useDexieLiveQuery<T | typeof LOCKED | D, D>(
    async () => {
      try {
        return await querier();
      } catch (error) {
        if (isDataLocked(error)) return LOCKED;
        throw error;
      }
    },
    [...deps, locked],
    defaultResult as D,
  );
  if (answer === LOCKED) return shown;
  // What was shown, kept for when a read meets the lock (React's state from an earlier render).
  if (answer !== shown) setShown(answer as T | D);
  return answer as T | D;
}
