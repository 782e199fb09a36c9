import { useEffect, useId } from 'react';
import { create } from 'zustand';

/** Forms with input not yet saved; the update prompt never reloads while any is open. */
export const useUnsavedForms = create<{ dirty: Set<string> }>(() => ({ dirty: new Set() }));

/** Registers a form's unsaved state; also warns before the tab closes with unsaved input. */
export function useUnsavedGuard(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    useUnsavedForms.setState((s) => {
      const dirty = new Set(s.dirty);
      if (isDirty) dirty.add(id);
      else dirty.delete(id);
      return { dirty };
    });
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      useUnsavedForms.setState((s) => {
        const dirty = new Set(s.dirty);
        dirty.delete(id);
        return { dirty };
      });
    };
  }, [id, isDirty]);
}
