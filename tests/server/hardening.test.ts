import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { centers, children, cwcProduce, tags } from '../../server/db/schema';
import { createHarness, databaseKinds, DEMO_PASSWORD, json, type Harness } from './harness';

/*
 * What an attacker's probe found, one test each (DESIGN: the server; README: Security):
 * control characters, idempotency keys bound to their body, the client address behind a
 * proxy, throttling across accounts with Retry-After, huge repeated rows, ids that are
 * not ids, unknown centers, unique case ids after a move, HSTS and sandboxed files.
 */

type Body = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: Record<string, unknown> };

describe.each(databaseKinds)('hardening (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  /** The same database behind one trusted proxy (TRUST_PROXY=1). */
  let proxied: ReturnType<typeof createApp>;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
    proxied = createApp({
      db: h.db,
      fileStore: h.files,
      trustProxy: 1,
      logError: () => {},
    });
  });
  afterAll(() => h?.close());

  const login = (emailId: string, password: string, forwardedFor: string) =>
    proxied.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ emailId, password }),
    });

  it('a NUL byte in a text field is refused with a readable message and writes nothing', async () => {
    const before = await h.db.select({ n: sql<number>`count(*)::int` }).from(tags);
    const response = await h.request('/api/tag_add', { method: 'POST', token: admin, json: { name: 'a\u0000b' } });
    const body = await json<Body>(response);
    expect(response.status).toBe(422);
    expect(body.message).toMatch(/character/i);
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(tags)).toEqual(before);
  });

  it('an Idempotency-Key reused with another body is refused (422), and the second write is not lost silently', async () => {
    const key = `hardening-${Date.now()}`;
    const first = await h.request('/api/tag_add', {
      method: 'POST',
      token: admin,
      json: { name: `Key tag one ${key}` },
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(200);
    const again = await h.request('/api/tag_add', {
      method: 'POST',
      token: admin,
      json: { name: `Key tag one ${key}` },
      headers: { 'Idempotency-Key': key },
    });
    expect(await json<Body>(again)).toEqual(await json<Body>(first.clone()));
    const other = await h.request('/api/tag_add', {
      method: 'POST',
      token: admin,
      json: { name: `Key tag two ${key}` },
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
    expect((await json<Body>(other)).message).toBeTruthy();
    expect(
      await h.db
        .select()
        .from(tags)
        .where(eq(tags.name, `key tag two ${key}`)),
    ).toEqual([]);
  });

  it('behind a trusted proxy the client address is the rightmost hop: a rotating leftmost X-Forwarded-For does not escape the lockout', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) last = await login('staff@demo.test', 'wrong-password', `198.51.100.${i}, 203.0.113.7`);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from the locked address waits too; from another address it works.
    expect((await login('staff@demo.test', DEMO_PASSWORD, '198.51.100.99, 203.0.113.7')).status).toBe(429);
    expect((await login('staff@demo.test', DEMO_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('password spraying from one address is throttled across accounts, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login(`nobody${i}@demo.test`, `guess-${i % 4}`, '203.0.113.50')).status);
    expect(statuses).toContain(429);
    const limited = await login('nobody-else@demo.test', 'x', '203.0.113.50');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('100,000 repeated rows are refused before they are read, with a small answer', async () => {
    const form = new FormData();
    for (let i = 0; i < 100_000; i++) form.append(`documents[${i}][comment]`, 'x');
    const response = await h.request('/api/child_add', { method: 'POST', token: admin, body: form });
    expect(response.status).toBe(413);
    expect((await response.text()).length).toBeLessThan(1000);
  });

  it('a body nested too deeply (JSON 100,000 levels, a form key 5,000 brackets deep) is a 413, not a stack overflow', async () => {
    const deepJson = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    // The sync engine sends every write with an Idempotency-Key, whose check reads the body too.
    const json = await h.request('/api/tag_add', {
      method: 'POST',
      token: admin,
      body: deepJson,
      headers: { 'content-type': 'application/json', 'Idempotency-Key': `deep-${Date.now()}` },
    });
    const form = new FormData();
    form.append(`a${'[a]'.repeat(5_000)}`, 'x');
    const multipart = await h.request('/api/child_add', { method: 'POST', token: admin, body: form });
    expect([json.status, multipart.status]).toEqual([413, 413]);
  });

  it("a 422 is worded for a person, not in zod's words (spec: the first message of the first field is shown)", async () => {
    const response = await h.request('/api/role_permission', {
      method: 'POST',
      token: admin,
      json: { id: 3, child_tracking: [] },
    });
    const body = await json<Body>(response);
    expect(response.status).toBe(422);
    expect(body.message).not.toMatch(/invalid input|expected .* received|too big|too small/i);
    expect(body.message).toMatch(/^The .+ field /);
  });

  it('an id that is an object or an array is refused, never coerced', async () => {
    for (const id of [{ toString: 1 }, [9], '9abc']) {
      const response = await h.request('/api/tag_update', { method: 'POST', token: admin, json: { id, name: 'x' } });
      expect(response.status, JSON.stringify(id)).toBe(422);
    }
  });

  /** A center soft-deleted for a CWC test, and a form of the given fields. */
  const closedCenter = async (name: string, prefix: string) =>
    (
      await h.db
        .insert(centers)
        .values({ name, centertypeId: 1, prefix, deleted_at: new Date() })
        .returning({ id: centers.id })
    )[0]!.id;
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return form;
  };

  it('a CWC produce for an unknown or deleted center is a 422, not a foreign-key 500', async () => {
    const [child] = await h.db.select({ id: children.id }).from(children).limit(1);
    const gone = await closedCenter('Closed Point', 'CLSD');
    for (const centerId of [99_999, gone]) {
      const form = formOf({
        childregId: String(child!.id),
        centerId: String(centerId),
        transfer_date: '2025-03-10',
        comment: 'x',
        'documents[0][tagId]': '1',
      });
      const response = await h.request('/api/produce_to_cwc', { method: 'POST', token: admin, body: form });
      expect(response.status, String(centerId)).toBe(422);
    }
  });

  it('a CWC update to an unknown or deleted center is a 422 and changes nothing', async () => {
    const [child] = await h.db.select({ id: children.id }).from(children).limit(1);
    const made = await h.request('/api/produce_to_cwc', {
      method: 'POST',
      token: admin,
      body: formOf({
        childregId: String(child!.id),
        centerId: '1',
        transfer_date: '2025-03-11',
        comment: 'before the move',
        'documents[0][tagId]': '1',
      }),
    });
    const { id } = (await json<Body>(made)).data as { id: number };
    const gone = await closedCenter('Closed Hall', 'CLSH');
    const statuses: number[] = [];
    for (const centerId of [99_999, gone]) {
      const form = formOf({ centerId: String(centerId), comment: 'moved' });
      statuses.push(
        (await h.request(`/api/produce_to_cwc/${id}`, { method: 'POST', token: admin, body: form })).status,
      );
    }
    expect(statuses).toEqual([422, 422]);
    const [stored] = await h.db.select().from(cwcProduce).where(eq(cwcProduce.id, id));
    expect(stored).toMatchObject({ centerId: 1, comment: 'before the move' });
  });

  it('case ids stay unique after a child moves out of a center (a per-center serial, not a count)', async () => {
    const [point] = await h.db
      .select({ id: centers.id })
      .from(centers)
      .where(sql`${centers.id} <> 1`)
      .limit(1);
    const quickAdd = async (name: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name,
        gender: 'Male',
        dateofarrival: '2025-01-01',
        ReferredBy: 'produce',
        centerdetailId: String(point!.id),
      }))
        form.append(k, v);
      form.append(
        'image',
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }),
        'p.png',
      );
      const response = await h.request('/api/child_add_2', { method: 'POST', token: admin, body: form });
      return (await json<Body>(response)).data;
    };
    const changeCenter = async (childregId: number, centerId: number) =>
      (
        await h.request('/api/center_change', {
          method: 'POST',
          token: admin,
          json: { childregId, centerId, date: '2025-02-01', comment: 'moved' },
        })
      ).status;
    const first = await quickAdd('Serial One');
    const [other] = await h.db
      .select({ id: centers.id })
      .from(centers)
      .where(and(ne(centers.id, point!.id), isNull(centers.deleted_at)))
      .limit(1);
    // The child just registered moves out: a count of the center's children is back where
    // it was before it came, a serial is not.
    expect(await changeCenter(Number(first!.id), other!.id)).toBe(200);
    const second = await quickAdd('Serial Two');
    expect(second?.uniqueId).not.toBe(first?.uniqueId);
    const all = (await h.db.select({ uniqueId: children.uniqueId }).from(children)).map((r) => r.uniqueId);
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
  });

  it('over HTTPS behind the proxy the answer carries HSTS; plain HTTP does not', async () => {
    const secure = await proxied.request('/api/country', {
      headers: { authorization: `Bearer ${admin}`, 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const plain = await h.request('/api/country', { token: admin });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});
