import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, children } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { multipart, png } from './uploads';

type Body = { success: boolean; data?: { id: number; uniqueId: string }; message?: string };

/*
 * A center's first registrations at once (spec part 1, section 2: each child a case id of its
 * center), on PostgreSQL where requests run side by side: the first locks the center row to
 * start its serial while others, arriving after the serial row exists, bump it and insert a
 * child whose foreign key checks that center row. With the center locked FOR UPDATE, that
 * check waited for the first, which waited for the serial row the other held: a deadlock
 * (40P01) answered 500. PGlite runs one statement at a time: there it checks the serials alone.
 */
describe.each(databaseKinds)('first registrations of a new center at once (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
  });
  afterAll(() => h?.close());

  const quickAdd = async (centerId: number, name: string) => {
    const body = multipart({
      name,
      gender: 'Female',
      dateofarrival: '2025-01-01',
      ReferredBy: 'produce',
      centerdetailId: centerId,
      image: png(),
    });
    const response = await h.request('/api/child_add_2', { method: 'POST', token: admin, body });
    return { status: response.status, body: await json<Body>(response) };
  };

  it('every registration in waves on fresh centers is saved, each with its own case id', async () => {
    const [template] = await h.db
      .select()
      .from(centers)
      .where(sql`${centers.id} <> 1`)
      .limit(1);
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let round = 0; round < 4; round++) {
      const [center] = await h.db
        .insert(centers)
        .values({ ...template, id: undefined, name: `Wave Center ${round}`, prefix: `WV${round}` })
        .returning({ id: centers.id });
      // Waves a few milliseconds apart: the later ones find the serial row the first made.
      const waves = [0, 5, 10, 20, 40].map((delay, wave) =>
        new Promise((r) => setTimeout(r, delay)).then(() =>
          Promise.all(Array.from({ length: 4 }, (_, i) => quickAdd(center.id, `Wave ${round}-${wave}-${i}`))),
        ),
      );
      for (const answers of await Promise.all(waves))
        for (const a of answers) {
          statuses.push(a.status);
          if (a.body.data) ids.push(a.body.data.uniqueId);
        }
      const stored = await h.db
        .select({ uniqueId: children.uniqueId })
        .from(children)
        .where(eq(children.centerdetailId, center.id));
      expect(new Set(stored.map((s) => s.uniqueId)).size).toBe(stored.length);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);
});
