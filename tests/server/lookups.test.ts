import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citySchema, countrySchema, districtSchema, stateSchema } from '../../sync/contract/entities/lookup';
import { cities, states } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type List = { success: boolean; data: Record<string, unknown>[] };

describe.each(databaseKinds)('lookups (%s)', (kind) => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    token = await h.login('staff@demo.test');
  });
  afterAll(() => h?.close());

  const get = async (path: string) => {
    const response = await h.request(path, { token });
    expect(response.status).toBe(200);
    return json<List>(response);
  };

  it('lists every country with India as id 101', async () => {
    const body = await get('/api/country');
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(240);
    body.data.forEach((row) => countrySchema.parse(row));
    expect(body.data.find((c) => c.id === 101)).toMatchObject({ name: 'India', iso2: 'IN' });
  });

  it("lists India's 36 states and union territories", async () => {
    const body = await get('/api/state/101');
    expect(body.data).toHaveLength(36);
    body.data.forEach((row) => stateSchema.parse(row));
    expect(body.data.map((s) => s.name)).toEqual(expect.arrayContaining(['Bihar', 'Delhi', 'West Bengal', 'Ladakh']));
    expect((await get('/api/state/999999')).data).toEqual([]);
  });

  it('lists the real districts of a state', async () => {
    const [bihar] = await h.db.select().from(states).where(eq(states.name, 'Bihar'));
    const body = await get(`/api/districts/${bihar.id}`);
    body.data.forEach((row) => districtSchema.parse(row));
    expect(body.data.length).toBe(38);
    expect(body.data.map((d) => d.name)).toEqual(expect.arrayContaining(['Patna', 'Gaya', 'Muzaffarpur', 'Araria']));
    const [delhi] = await h.db.select().from(states).where(eq(states.name, 'Delhi'));
    expect((await get(`/api/districts/${delhi.id}`)).data.map((d) => d.name)).toContain('New Delhi');
    // Every Indian state has its districts.
    for (const state of (await get('/api/state/101')).data) {
      expect((await get(`/api/districts/${String(state.id)}`)).data.length, String(state.name)).toBeGreaterThan(0);
    }
  });

  it("loads a state's cities on first request, once", async () => {
    const [wb] = await h.db.select().from(states).where(eq(states.name, 'West Bengal'));
    expect(await h.db.select().from(cities).where(eq(cities.state_id, wb.id))).toHaveLength(0);
    const first = await get(`/api/city/${wb.id}`);
    expect(first.data.length).toBeGreaterThan(100);
    first.data.forEach((row) => citySchema.parse(row));
    expect(first.data.map((c) => c.name)).toContain('Kolkata');
    const second = await get(`/api/city/${wb.id}`);
    expect(second.data).toEqual(first.data);
    const [after] = await h.db.select().from(states).where(eq(states.id, wb.id));
    expect(after.cities_loaded_at).toBeInstanceOf(Date);
  });

  it('answers 404 for a non-numeric id and 401 without a token', async () => {
    expect((await h.request('/api/districts/abc', { token })).status).toBe(404);
    expect((await h.request('/api/country')).status).toBe(401);
  });
});
