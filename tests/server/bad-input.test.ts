import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpointNames,
  endpoints,
  wireEndpointNames,
  wireEndpoints,
  type EndpointName,
  type WireEndpointName,
} from '../../sync/contract';
import { listEndpoints } from '../../sync/contract/endpoints/lists';
import { payloadSchemas } from '../../sync/contract/endpoints/payloads';
import { entities } from '../../sync/entities/registry';
import { selectRows } from '../../server/db/client';
import { createHarness, databaseKinds, type Harness } from './harness';

/*
 * Bad input over every write row of the contract's endpoint table (generated, so a new
 * row is covered the day it is added), as an administrator and as a center-bound staff
 * user: missing and wrong-typed fields, control characters, over-long text, injection
 * strings, deep nesting, huge arrays, unknown and malformed ids, wrong file bytes and
 * files over 5 MB. No answer is a 5xx; every 422 is the envelope with a message a person
 * reads (never zod's wording); a refused request writes nothing.
 *
 * Also generated: the delta parameters (updated_since, after_id, page, per_page; sync/SPEC.md
 * R15) on every list of the table, and each part 2 write row with one bad value in an
 * otherwise complete payload, after which the totals that sum stored rows still answer.
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

/** Every list of the table: each read, each paged row, each collection the device pulls. */
const pulled = new Set<WireEndpointName>(Object.values(entities).map((d) => d.list.endpoint));
const listRows = wireEndpointNames.filter((n) => {
  const row: { method: string; paged?: boolean } = wireEndpoints[n];
  return row.method === 'GET' || row.paged === true || pulled.has(n);
});

/** Query strings of bad delta parameters (sync/SPEC.md R15): the cursor, its id and the paging. */
const deltaQueries: string[] = [
  ...[
    '275760-09-13',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '-271821-04-20',
    '10000-01-01',
    '0000-01-01',
    '2024-13-45',
    'abc',
    "1' OR '1'='1",
    '\u0000',
    '9'.repeat(30),
  ].map((since) => `updated_since=${encodeURIComponent(since)}`),
  ...['-1', '1.5', 'abc', '2147483648', '99999999999999999999', '\u0000', ''].map(
    (id) => `updated_since=2024-01-01T00:00:00.000Z&after_id=${encodeURIComponent(id)}`,
  ),
  ...['-1', '0', '1e9', '999999999', '99999999999'].flatMap((n) => [
    `page=${n}&per_page=${n}`,
    `updated_since=2024-01-01T00:00:00.000Z&page=${n}&per_page=${n}`,
  ]),
];

/** Values of one field of an otherwise complete part 2 payload. */
const part2Values: [string, unknown][] = [
  ['int max', 2_147_483_647],
  ['past int', 2_147_483_648],
  ['huge', 1e308],
  ['negative', -5],
  ['fraction', 1.5],
  ['far year', '275760-09-13'],
  ['negative year', '-000001-01-01'],
  ['too long', 'x'.repeat(70_000)],
  ['NUL', 'a\u0000b'],
  ['object', { a: 1 }],
  ['array', [1]],
  ['null', null],
];

describe.each(databaseKinds)('bad input over every write row (%s)', (kind) => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  let realId = 1;
  let staffCenter = 1;
  /** Every line the server logged while the suite ran. */
  const logged: string[] = [];

  /** Rows and newest change of the tables writes land in. */
  const fingerprint = async () => {
    const rows = await selectRows(
      h.db,
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
    realId = (await selectRows<{ id: number }>(h.db, sql`select min(id)::int id from children`))[0]!.id;
    const me = (await (await h.request('/api/me', { token: tokens.staff })).json()) as { data: { centerId: number } };
    staffCenter = me.data.centerId;
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
        for (const input of probesOf(name, realId)) {
          const init: RequestInit & { token?: string; json?: unknown } = {
            method: endpoints[name].method,
            token: tokens[actor],
          };
          if (input.raw !== undefined) {
            init.body = input.raw;
            init.headers = { 'content-type': 'application/json' };
          } else if (input.json !== undefined) init.json = input.json;
          else if (input.form) init.body = input.form;
          const where = `${actor} ${name} ${input.label}`;
          const status = await probe(failures, where, input.path!, init);
          sent++;
          if (status < 400) {
            allRefused = false;
            accepted.push(where);
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

  /** Sends one request; a 5xx or a 422 without a readable envelope is a failure. */
  const probe = async (
    failures: string[],
    where: string,
    path: string,
    init: RequestInit & { token?: string; json?: unknown },
  ) => {
    const response = await h.request(path, init);
    if (response.status >= 500) failures.push(`${where}: ${response.status}`);
    if (response.status === 422) {
      const body = (await response.json()) as { success?: unknown; message?: unknown; errors?: unknown };
      if (body.success !== false || typeof body.message !== 'string' || typeof body.errors !== 'object')
        failures.push(`${where}: 422 without the envelope`);
      else if (ZOD_WORDING.test(body.message)) failures.push(`${where}: '${body.message}'`);
    } else {
      await response.body?.cancel();
    }
    return response.status;
  };

  it('delta parameters on every list: no 5xx, readable 422s (R15)', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const actor of ['admin', 'staff'] as const) {
      for (const name of listRows) {
        const row = wireEndpoints[name];
        const path = `/api${row.path}`
          .replace(':centerId', String(staffCenter))
          .replace(':status', 'restoration')
          .replace(/:[A-Za-z_]+/g, String(realId));
        for (const query of deltaQueries) {
          const init: RequestInit & { token?: string; json?: unknown } = { method: row.method, token: tokens[actor] };
          if (row.method !== 'GET') {
            if (row.payload === 'multipart') init.body = new FormData();
            else init.json = {};
          }
          await probe(failures, `${actor} ${name} ?${query}`, `${path}?${query}`, init);
          sent++;
        }
      }
    }
    console.log(
      `bad-input (${kind}): ${sent} delta requests over ${listRows.length} lists, ${failures.length} problems`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('part 2 rows with one bad value in an otherwise complete payload: no 5xx, and the totals still answer', async () => {
    const one = async (query: ReturnType<typeof sql>) =>
      (await selectRows<{ id: number }>(h.db, query))[0]?.id ?? NO_SUCH_ID;
    const ids = {
      meal: await one(sql`select min(id)::int id from meals where center_id = ${staffCenter}`),
      balance: await one(sql`select min(id)::int id from previous_balances where center_id = ${staffCenter}`),
      beneficiary: await one(sql`select min(id)::int id from beneficiaries where center_id = ${staffCenter}`),
      scheme: await one(sql`select min(id)::int id from schemes`),
    };
    const range = { centerId: staffCenter, from_date: '2024-04-01', to_date: '2025-03-31' };
    const details = {
      ...range,
      gender: 'Male',
      where: 'category',
      value: 'education',
      where1: 'novalue',
      value1: 'novalue',
    };
    const meal = { center_id: staffCenter, meal_date: '2025-01-10', meal_type: 2, child_count: 30 };
    const balance = { centerId: staffCenter, activity_date: '2025-01-10', comment: 'carried', male: 4, female: 3 };
    const beneficiary = {
      name: 'Asha',
      gender: 'Female',
      age: '9',
      centerId: staffCenter,
      service: 'medical',
      service_date: '2025-01-10',
      comment: 'camp',
    };
    const complete: Partial<Record<EndpointName, Record<string, unknown>>> = {
      reports: range,
      groupReport2: range,
      singleReport: details,
      groupSingleReport: { ...details, pre_end_year: '2024', pre_start_year: '2023', isTotal: 'no' },
      getMealData: { center_id: staffCenter, meal_type: 1, from_date: range.from_date, to_date: range.to_date },
      addMeal: meal,
      updateMeal: { ...meal, id: ids.meal },
      getPreviousBalance: { ...range, activity_date: '2025-01-10' },
      addPreviousBalance: balance,
      updatePreviousBalance: { ...balance, id: ids.balance },
      addSps: { name: 'Scheme', status: 1 },
      updateSps: { name: 'Scheme', status: 1, id: ids.scheme },
      restoreExitList: range,
      shortStayRegisterList: range,
      beneficiaryAdd: beneficiary,
      beneficiaryUpdate: { ...beneficiary, id: ids.beneficiary },
    };
    const part2 = Object.keys(listEndpoints) as EndpointName[];
    const covered = part2.filter((n) => endpoints[n].payload === 'json');
    expect(covered.filter((n) => !complete[n])).toEqual([]);

    const failures: string[] = [];
    let sent = 0;
    for (const actor of ['admin', 'staff'] as const) {
      for (const name of covered) {
        const row = endpoints[name];
        const path = `/api${row.path}`.replace(':status', 'restoration').replace(/:[A-Za-z_]+/g, String(realId));
        const base = complete[name]!;
        for (const field of Object.keys(base))
          for (const [label, value] of part2Values) {
            await probe(failures, `${actor} ${name} ${field} ${label}`, path, {
              method: row.method,
              token: tokens[actor],
              json: { ...base, [field]: value },
            });
            sent++;
          }
      }
    }
    for (const [path, method, json] of [
      ['/api/dashboard', 'GET', undefined],
      ['/api/reports', 'POST', {}],
      ['/api/group_report2', 'POST', {}],
      ['/api/previous_balance', 'POST', {}],
      ['/api/meals', 'POST', {}],
    ] as const) {
      const status = await probe(failures, `admin ${path} after the probes`, path, {
        method,
        token: tokens.admin,
        json,
      });
      if (status !== 200) failures.push(`admin ${path} after the probes: ${status}`);
    }
    console.log(
      `bad-input (${kind}): ${sent} part 2 requests over ${covered.length} rows, ${failures.length} problems`,
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

    const rows = await selectRows<Record<string, string | null>>(
      h.db,
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
