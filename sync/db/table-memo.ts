import type { DBCore, Middleware } from 'dexie';

/**
 * A value worked out from some tables (the report rows from children and history), kept
 * until one of them is written: the writing transaction drops it (a Dexie middleware), so
 * a report asked again with other filters between syncs reads nothing, and one asked
 * after a write works the value out again.
 */
export class TableMemo<T> {
  private value: Promise<T> | null = null;

  constructor(readonly tables: readonly string[]) {}

  get(compute: () => Promise<T>): Promise<T> {
    if (!this.value) {
      const pending = compute();
      this.value = pending;
      pending.catch(() => {
        if (this.value === pending) this.value = null;
      });
    }
    return this.value;
  }

  invalidate() {
    this.value = null;
  }
}

/** The middleware that drops `memo` on any write to its tables (before the commit, so a query the commit wakes works it out again). */
export function tableMemoMiddleware(memo: TableMemo<unknown>): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: `tableMemo:${memo.tables.join('+')}`,
    create: (down) => ({
      ...down,
      table: (name) => {
        const inner = down.table(name);
        if (!memo.tables.includes(name)) return inner;
        return {
          ...inner,
          mutate: (req) => {
            memo.invalidate();
            return inner.mutate(req).finally(() => memo.invalidate());
          },
        };
      },
    }),
  };
}
