/*
 * A server that holds head office: a database at head office's size (BENCH_HEAD_OFFICE
 * children, 10 history entries each, over eight centers, two years and every report
 * status), served as `npm start` serves it, and 20 clients at once (BENCH_LOAD_CLIENTS) on
 * the child list, a child view and a Quick Add, each for BENCH_LOAD_SECONDS after
 * BENCH_LOAD_WARMUP seconds (2) of the same load not measured, from a
 * process of their own (tests/bench/load-client.ts). On PGlite always; on PostgreSQL too
 * when BENCH_DATABASE_URL (or DATABASE_URL) names a server where a database may be created.
 * The cold start (tests/bench/cold-start.ts) signs in against the same server.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { openDatabase, selectRows, type Db } from '../../server/db/client';
import { folderStore } from '../../server/files/folder-store';
import { databaseStore } from '../../server/files/database-store';
import { seedDatabase } from '../../server/db/seed';
import { reportCategories } from '../../sync/contract';
import postgres from 'postgres';
import { freshPostgres } from '../fresh-postgres';
import type { LoadJob, LoadResult, Scenario } from './load-client';

export const HEAD_OFFICE_CHILDREN = Number(process.env.BENCH_HEAD_OFFICE ?? 20_000);
const HISTORY_PER_CHILD = 10;
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
/** Load sent before the measured seconds, as to a server that has been running: its first requests compile code and fill caches. */
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP ?? 2);
const CENTERS = [2, 3, 4, 5, 6, 7, 8, 9];
/**
 * A folder where head office is kept between runs (BENCH_HEAD_OFFICE_KEEP): seeded once per
 * size and database, then opened, migrated and analyzed again, so an iteration on the
 * server's queries or indexes costs the load and not the seeding. The PostgreSQL database
 * kept beside it is named after the size and is not dropped.
 */
const KEEP = process.env.BENCH_HEAD_OFFICE_KEEP;

export type HeadOffice = {
  kind: 'pglite' | 'postgres';
  /** A temporary folder of this server's, removed by close (the cold start keeps its profile there). */
  dataDir: string;
  url: string;
  token: string;
  children: number;
  history: number;
  job: Omit<LoadJob, 'scenario' | 'seconds' | 'connections' | 'warmupSeconds'>;
  close: () => Promise<void>;
};

/** Opens a database of `kind`, fills it to head office's size and serves it with the built app (dist). */
export async function headOffice(kind: 'pglite' | 'postgres'): Promise<HeadOffice> {
  const kept = KEEP ? path.join(KEEP, `${kind}-${HEAD_OFFICE_CHILDREN}`) : null;
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'ashray-head-office-'));
  const seeded = kept !== null && existsSync(path.join(kept, 'seeded'));
  const pg =
    kind !== 'postgres'
      ? null
      : kept
        ? await keptPostgres(seeded)
        : await freshPostgres(postgresBase()!, 'ashray_bench');
  const database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir });
  await database.migrate();
  const t0 = performance.now();
  if (!seeded) await seedHeadOffice(database.db);
  await database.db.execute(sql`analyze`);
  if (kept && !seeded) writeFileSync(path.join(kept, 'seeded'), '');
  const [counts] = await selectRows<{ children: number; history: number; first: number; last: number }>(
    database.db,
    sql`select (select count(*)::int from children) as children, (select count(*)::int from child_history) as history,
      (select min(id) from children where unique_id like 'HO/%') as first, (select max(id) from children where unique_id like 'HO/%') as last`,
  );
  console.log(
    `head office on ${kind}: ${counts.children} children and ${counts.history} history rows, ${seeded ? `kept in ${dataDir}, analyzed` : 'seeded'} in ${Math.round(performance.now() - t0)} ms`,
  );
  const app = createApp({
    db: database.db,
    fileStore: pg ? databaseStore(database.db) : folderStore(path.join(dataDir, 'uploads')),
    staticDir: 'dist',
    logError: (e) => console.error(e),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = async <T>(route: string, init: RequestInit = {}) =>
    (await (await fetch(`${url}/api${route}`, init)).json()) as { data: T };
  const login = await api<{ token: string }>('/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: 'admin@demo.test', password: 'demo1234' }),
  });
  const token = login.data.token;
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const states = await api<Array<{ id: number }>>('/state/101', auth);
  const districts = await api<Array<{ id: number }>>(`/districts/${states.data[0].id}`, auth);
  return {
    kind,
    dataDir,
    url,
    token,
    children: counts.children,
    history: counts.history,
    job: {
      url,
      token,
      firstId: counts.first,
      lastId: counts.last,
      centers: CENTERS,
      stateId: states.data[0].id,
      districtId: districts.data[0].id,
    },
    close: async () => {
      server.close();
      await database.close();
      await pg?.drop();
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Head office's children and their history, on top of the demo seed. */
async function seedHeadOffice(db: Db) {
  await seedDatabase(db, { demo: true, demoPassword: 'demo1234' });
  await db.execute(sql`
    insert into children (name, gender, dateofarrival, centerdetail_id, unique_id, referred_by, case_type, short_stay_status, address, country_id, reference_type)
    select 'Head Office Child ' || g, case when g % 2 = 0 then 'Male' else 'Female' end, date '2024-01-01' + (g % 700),
      (array[${sql.join(
        CENTERS.map((c) => sql`${c}`),
        sql`, `,
      )}]::int[])[1 + g % ${CENTERS.length}], 'HO/' || g, 'produce', 'Child labour', 'no', 'Bench address', 101, 'Self'
    from generate_series(1, ${HEAD_OFFICE_CHILDREN}) g`);
  const statuses = reportCategories.flatMap((c) => c.statuses);
  await db.execute(sql`
    insert into child_history (childreg_id, center_id, history_status, transfer_date, comment)
    select c.id, c.centerdetail_id, (array[${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )}]::text[])[1 + (c.id + g) % ${statuses.length}], date '2024-01-01' + ((c.id * 7 + g * 31) % 800), 'head office bench'
    from children c cross join generate_series(1, ${HISTORY_PER_CHILD}) g where c.unique_id like 'HO/%'`);
}

/** The kept PostgreSQL database of this size, created empty unless `seeded`. */
async function keptPostgres(seeded: boolean) {
  const base = new URL(postgresBase()!);
  const name = `ashray_bench_keep_${HEAD_OFFICE_CHILDREN}`;
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  try {
    if (!seeded) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

/** The PostgreSQL server the bench may create its database on, if any. */
export const postgresBase = () => process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** Runs one scenario from the load client's own process. */
async function loadFromOwnProcess(office: HeadOffice, scenario: Scenario): Promise<LoadResult> {
  const job: LoadJob = {
    ...office.job,
    scenario,
    connections: CLIENTS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load-client.ts'), JSON.stringify(job)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
}

/**
 * The three scenarios against one head office server, in turn (the list last warmed by
 * nothing but itself), each with the CPU time this process (the server, and PGlite in it)
 * spent per request answered: on a machine shared with other jobs the latencies follow the
 * machine's load, the CPU time far less.
 */
export async function loadHeadOffice(office: HeadOffice) {
  const results: Array<LoadResult & { cpuPerRequest: number }> = [];
  for (const scenario of ['list', 'view', 'create'] as const) {
    const before = process.cpuUsage();
    const result = await loadFromOwnProcess(office, scenario);
    const used = process.cpuUsage(before);
    results.push({ ...result, cpuPerRequest: (used.user + used.system) / 1000 / Math.max(1, result.answered) });
  }
  return results;
}

export const loadClients = CLIENTS;
