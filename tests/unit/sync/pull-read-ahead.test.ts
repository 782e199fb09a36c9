import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../sync/db/app-db';
import { pullCollection, READ_AHEAD, serverCid } from '../../../sync/engine/pull';
import type { Transport } from '../../../sync/net/transport';

/*
 * The pages of a pull are asked for ahead of their writing (sync/engine/pull.ts readPages):
 * the server makes the next pages while the device writes this one, in order, never more
 * than READ_AHEAD waiting, and nothing is asked for after a page that failed.
 */

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`pull-read-ahead-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const PAGES = 8;
const stamp = (page: number) => `2026-11-29T10:0${page}:00.000Z`;

/** A server of delta pages (our sync block), two children a page; `failing` answers that page with a refusal. */
function deltaServer(failing?: number) {
  const asked: number[] = [];
  const transport: Transport = {
    request: async <T>(_method: string, _path: string, options?: { searchParams?: Record<string, unknown> }) => {
      const afterId = Number(options?.searchParams?.after_id ?? 0);
      const page = afterId / 2 + 1;
      asked.push(page);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (page === failing) throw new Error('The page was refused.');
      const rows = [1, 2].map((k) => ({ id: afterId + k, name: `Child ${afterId + k}`, updated_at: stamp(page) }));
      const next = page < PAGES ? { updated_since: stamp(page), after_id: afterId + 2 } : null;
      return { success: true, message: '', data: rows, sync: { deleted: [], next } } as never as T;
    },
  } as Transport;
  return { transport, asked };
}

describe('a pull reads its pages ahead of writing them', () => {
  it('asks for the next pages while one is written, at most READ_AHEAD ahead, and stores them all in order', async () => {
    const { transport, asked } = deltaServer();
    const aheadAtEachPage: number[] = [];
    const result = await pullCollection(
      {
        db,
        transport,
        random: () => 0,
        onProgress: (_collection, rows) => aheadAtEachPage.push(asked.length - rows / 2),
      },
      'children',
    );
    expect(result.rows).toBe(PAGES * 2);
    expect(asked).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(Math.max(...aheadAtEachPage)).toBe(READ_AHEAD); // pages asked beyond those written
    expect(aheadAtEachPage[0]).toBeGreaterThan(1); // the second page was not the only one asked for
    expect((await db.entity('children').get(serverCid(PAGES * 2)))?.name).toBe(`Child ${PAGES * 2}`);
    const saved = JSON.parse((await db.syncState.get('children'))!.cursor!) as { after_id: number };
    expect(saved.after_id).toBe(PAGES * 2);
  });

  it('a page that failed fails the pull at its turn: the pages before it are stored, none after it is asked for', async () => {
    const { transport, asked } = deltaServer(3);
    await expect(pullCollection({ db, transport, random: () => 0 }, 'children')).rejects.toThrow(
      'The page was refused.',
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(await db.entity('children').count()).toBe(4);
    const saved = JSON.parse((await db.syncState.get('children'))!.cursor!) as { after_id: number };
    expect(saved.after_id).toBe(4); // the next pull starts after page 2
  });
});
