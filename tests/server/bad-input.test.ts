import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointNames, endpoints, type EndpointName } from '../../sync/contract';
import { payloadSchemas } from '../../sync/contract/endpoints/payloads';
import { createHarness, databaseKinds, type Harness } from './harness';

/*
 * Bad input over every write row of the contract's endpoint table (generated, so a new
 * row is covered the day it is added), as an administrator and as a center-bound staff
 * user: missing and wrong-typed fields, control characters, over-long text, injection
 * strings, deep nesting, huge arrays, unknown and malformed ids, wrong file bytes and
 * files over 5 MB. No answer is a 5xx; every 422 is the envelope with a message a person
 * reads (never zod's wording); a refused request writes nothing.
 */

const ZOD_WORDING = /invalid input|expected .* received|too big|too small|invalid option|invalid_type|nan/i;
const NO_SUCH_ID = 999_999;

/** The field names a row's payload schema accepts (unwrapping refinements and pipes). */
function fieldsOf(name: EndpointName): string[] {
  type Node = { shape?: Record<string, unknown>; _zod?: { def?: { in?: Node; schema?: Node } } };
  let node = payloadSchemas[name] as Node | undefined;
  for (let i = 0; node && !node.shape && i < 5; i++) node = node._zod?.def?.in ?? node._zod?.def?.schema;
  return Object.keys(node?.shape ?? {}).filter((f) => f !== 'documents' && f !== 'follow_up_data');
}

const isFileField = (field: string) => /image|file|audio/i.test(field);

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepKey = (depth: number) => `a${'[a]'.repeat(depth)}`;

type Probe = { label: string; path?: string; json?: unknown; raw?: string; form?: FormData };

/** The invalid requests of one write row. */
function probesOf(name: EndpointName, realId: number): Probe[] {
  const spec = endpoints[name];
  const params = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const pathWith = (value: string) => `/api${spec.path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(value))}`;
  const base = params.length ? pathWith(String(NO_SUCH_ID)) : `/api${spec.path}`;
  const probes: Probe[] = [];
  for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', "1' OR '1'='1", '\u0000', String(NO_SUCH_ID)])
    if (params.length) probes.push({ label: `path ${JSON.stringify(bad)}`, path: pathWith(bad) });
  if (spec.payload === 'none') return probes;

  const fields = fieldsOf(name);
  const values: [string, unknown][] = [
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['too long', 'x'.repeat(70_000)],
    ['sql', "' OR 1=1 --"],
    ['html', '<script>alert(1)</script>'],
    ['object', { toString: 1 }],
    ['array', [9]],
    ['boolean', true],
    ['infinite number', Number.POSITIVE_INFINITY],
    ['negative id', -1],
    ['unknown id', NO_SUCH_ID],
  ];
  if (spec.payload === 'json') {
    probes.push({ label: 'empty', json: {} });
    for (const top of [[], 'text', null, 42]) probes.push({ label: `top ${JSON.stringify(top)}`, json: top });
    probes.push({ label: 'deep nesting', raw: deepJson(100_000) });
    probes.push({ label: 'huge array', json: { [fields[0] ?? 'id']: Array.from({ length: 100_000 }, () => 1) } });
    for (const field of fields)
      for (const [label, value] of values) probes.push({ label: `${field} ${label}`, json: { [field]: value } });
  } else {
    const form = (entries: [string, string | Blob][]) => {
      const data = new FormData();
      for (const [k, v] of entries) data.append(k, v);
      return data;
    };
    probes.push({ label: 'empty', form: new FormData() });
    probes.push({ label: 'deep key', form: form([[deepKey(5_000), 'x']]) });
    probes.push({
      label: 'many rows',
      form: form(Array.from({ length: 20_000 }, (_, i): [string, string] => [`documents[${i}][comment]`, 'x'])),
    });
    for (const field of fields) {
      if (isFileField(field)) {
        probes.push({
          label: `${field} wrong bytes`,
          form: form([[field, new File(['not a picture'], 'p.png', { type: 'image/png' })]]),
        });
        probes.push({
          label: `${field} over 5 MB`,
          form: form([[field, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })]]),
        });
        continue;
      }
      for (const [label, value] of values)
        if (typeof value === 'string' || typeof value === 'number')
          probes.push({ label: `${field} ${label}`, form: form([[field, String(value)]]) });
      probes.push({ label: `${field} id of a real child`, form: form([[field, String(realId)]]) });
    }
  }
  return probes.map((p) => ({ ...p, path: p.path ?? base }));
}

// Rows whose success would change the actor's own session rather than data.
const SKIPPED: EndpointName[] = ['logout'];
const writeRows = endpointNames.filter((n) => endpoints[n].method !== 'GET' && !SKIPPED.includes(n));

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
async function rowsOf<T>(h: Harness, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await h.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

describe.each(databaseKinds)('bad input over every write row (%s)', (kind) => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  let realId = 1;
  /** Every line the server logged while the suite ran. */
  const logged: string[] = [];

  /** Rows and newest change of the tables writes land in. */
  const fingerprint = async () => {
    const rows = await rowsOf(
      h,
      sql`select (select count(*) from children)::int c, (select count(*) from child_history)::int h,
          (select count(*) from centers)::int ce, (select count(*) from users)::int u,
          (select count(*) from roles)::int r, (select count(*) from tags)::int t,
          (select max(updated_at)::text from children) cu, (select max(updated_at)::text from child_history) hu`,
    );
    return JSON.stringify(rows);
  };

  beforeAll(async () => {
    h = await createHarness(kind, {}, { logError: (entry) => logged.push(JSON.stringify(entry)) });
    tokens.admin = await h.login('admin@demo.test');
    tokens.staff = await h.login('staff@demo.test');
    realId = (await rowsOf<{ id: number }>(h, sql`select min(id)::int id from children`))[0]!.id;
  });
  afterAll(() => h?.close());

  it('no 5xx, readable 422s, nothing written by a refused request', async () => {
    let sent = 0;
    const failures: string[] = [];
    const accepted: string[] = [];
    for (const actor of ['admin', 'staff'] as const) {
      for (const name of writeRows) {
        const before = await fingerprint();
        let allRefused = true;
        for (const probe of probesOf(name, realId)) {
          const init: RequestInit & { token?: string; json?: unknown } = {
            method: endpoints[name].method,
            token: tokens[actor],
          };
          if (probe.raw !== undefined) {
            init.body = probe.raw;
            init.headers = { 'content-type': 'application/json' };
          } else if (probe.json !== undefined) init.json = probe.json;
          else if (probe.form) init.body = probe.form;
          const response = await h.request(probe.path!, init);
          sent++;
          const where = `${actor} ${name} ${probe.label}`;
          if (response.status >= 500) failures.push(`${where}: ${response.status}`);
          if (response.status < 400) {
            allRefused = false;
            accepted.push(where);
          }
          if (response.status === 422) {
            const body = (await response.json()) as { success?: unknown; message?: unknown; errors?: unknown };
            if (body.success !== false || typeof body.message !== 'string' || typeof body.errors !== 'object')
              failures.push(`${where}: 422 without the envelope`);
            else if (ZOD_WORDING.test(body.message)) failures.push(`${where}: '${body.message}'`);
          } else {
            await response.body?.cancel();
          }
        }
        if (allRefused && (await fingerprint()) !== before) failures.push(`${actor} ${name}: refused requests wrote`);
      }
    }
    console.log(
      `bad-input (${kind}): ${sent} requests over ${writeRows.length} write rows as admin and staff, ` +
        `${failures.length} problems, ${accepted.length} accepted as valid text`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it("the server's log holds no child's or person's details: request id, route and error class only", async () => {
    // Two registrations of one e-mail at once: one loses the race in the database, whose
    // error carries the row's values; the log must not.
    const person = { name: 'Leakcheck Kumari', email: 'leak.check@demo.test', mobile_number: '9876501234' };
    const register = () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        ...person,
        password: 'secret123',
        status: '1',
        comment: 'x',
        centertypeId: '1',
        role_id: '3',
        join_date: '2024-01-01',
      }))
        form.append(k, v);
      return h.request('/api/register', { method: 'POST', token: tokens.admin, body: form });
    };
    const answers = await Promise.all([register(), register()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(logged.length).toBeGreaterThan(0);

    const rows = await rowsOf<Record<string, string | null>>(
      h,
      sql`select name, aadharno, mobileno, f_name from children where aadharno is not null or mobileno is not null`,
    );
    const secrets = [
      ...Object.values(person),
      ...rows.flatMap((r) => [r.name, r.aadharno, r.mobileno, r.f_name]).filter((v): v is string => Boolean(v)),
    ].filter((v) => v.length >= 6);
    const log = logged.join('\n');
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
    for (const line of logged)
      expect(JSON.parse(line)).toMatchObject({ requestId: expect.any(String), route: expect.any(String) });
  });
});
