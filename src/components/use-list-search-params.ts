import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page kept in the URL (STYLE habit 7), so back, forward and
 * reload keep them. Empty values are left out of the URL; a new filter starts at page 1.
 */
export function useListSearchParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = useMemo(() => {
    const values: Partial<Record<K, string>> = {};
    for (const key of filterKeys) {
      const value = params.get(key);
      if (value) values[key] = value;
    }
    return values;
  }, [params, filterKeys]);

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      }),
    [setParams],
  );

  /** A new filter from page 1; `replace` keeps typing in a search box out of the back button's history. */
  const setFilter = useCallback(
    (next: Partial<Record<K, string | number | null | undefined>>, { replace = false } = {}) =>
      setParams(
        () => {
          const copy = new URLSearchParams();
          for (const key of filterKeys) {
            const value = next[key];
            if (value !== undefined && value !== null && value !== '') copy.set(key, String(value));
          }
          return copy;
        },
        { replace },
      ),
    [setParams, filterKeys],
  );

  return { page, filter, setPage, setFilter };
}
