import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { discardDraft, isDataLocked, lockStore, readDraft, saveDraft } from '../../sync';

/** Typing pauses this long before the draft is written; leaving the form writes it at once. */
const SAVE_AFTER_MS = 300;

/** Files are not kept in drafts (see sync/device/drafts.ts), so they do not count as a change. */
const snapshot = (values: unknown): string =>
  JSON.stringify(values ?? {}, (_key, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob ? null : value,
  );

export type FormDraft = {
  /** A draft from earlier was put back into the form. */
  restored: boolean;
  /** Forgets the draft and empties the form back to its starting values. */
  discard: () => void;
  /** Forgets the draft after a successful save. */
  clear: () => Promise<void>;
};

type Values = Record<string, unknown>;

/**
 * Keeps a form's values as a draft on the device under `key` (per form and record, e.g.
 * 'quick-add:new' or 'registration:<cid>'), puts it back through `restore` when the form
 * opens again, and forgets it when the form is saved or the draft discarded. Leaving the
 * form (another menu item, a closed dialog, a closed tab) loses nothing typed. With a null
 * `key` nothing is kept (a form with nothing worth keeping, such as the login).
 */
export function useDraft(
  key: string | null,
  values: Values,
  initial: Values | undefined,
  restore: (values: Values | null) => void,
): FormDraft {
  const [restored, setRestored] = useState(false);
  const ready = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Values | null>(null);
  const latest = useRef({ initial, restore });
  useEffect(() => {
    latest.current = { initial, restore };
  });

  const write = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next || key === null) return;
    // A form back at its starting values has nothing to keep (also after a save's reset);
    // before the saved draft has been read, starting values say nothing and must not erase it.
    if (snapshot(next) !== snapshot(latest.current.initial))
      saveDraft(key, next).catch((error: unknown) => {
        // Typed just before the idle lock took the data key: kept for the unlock (below),
        // unless something newer is waiting already.
        if (!isDataLocked(error)) throw error;
        pending.current ??= next;
      });
    else if (ready.current) void discardDraft(key);
  }, [key]);

  // What the lock kept from being written is written at the unlock.
  useEffect(
    () =>
      lockStore.subscribe((state, before) => {
        if (before.locked && !state.locked && pending.current && ready.current) write();
      }),
    [write],
  );

  useEffect(() => {
    if (key === null) return;
    let live = true;
    ready.current = false;
    readDraft(key)
      .then((saved) => {
        if (!live) return;
        ready.current = true;
        if (saved) {
          pending.current = null;
          latest.current.restore(saved);
          setRestored(true);
        } else if (pending.current) {
          // Typed while the device was still reading (a slow tablet): keep it now.
          timer.current = setTimeout(write, SAVE_AFTER_MS);
        }
      })
      .catch(() => {
        if (live) ready.current = true;
      });
    window.addEventListener('pagehide', write);
    return () => {
      live = false;
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [key, write]);

  // Every change schedules a write; before the saved draft is read it is only remembered.
  useEffect(() => {
    pending.current = values;
    if (!ready.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(write, SAVE_AFTER_MS);
  }, [values, write]);

  const discard = useCallback(() => {
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    if (key !== null) void discardDraft(key);
    latest.current.restore(null);
    setRestored(false);
  }, [key]);

  const clear = useCallback(async () => {
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    setRestored(false);
    if (key !== null) await discardDraft(key);
  }, [key]);

  return { restored, discard, clear };
}

/** `useDraft` for a react-hook-form form; every change, typed or set by the form's logic, counts. */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string | null): FormDraft {
  const watched = useWatch({ control: form.control });
  const restore = useCallback(
    (saved: Values | null) =>
      saved ? form.reset({ ...form.getValues(), ...saved } as T, { keepDefaultValues: true }) : form.reset(),
    [form],
  );
  // useWatch re-renders on every change (setValue too); the values written are the form's own.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `watched` is the change signal
  const values = useMemo(() => form.getValues() as Values, [form, watched]);
  return useDraft(key, values, form.formState.defaultValues as Values | undefined, restore);
}
