/*
 * The bench's head office sections (BENCH_ONLY=load,cold): the server under 20 clients at
 * once on PGlite and, when BENCH_DATABASE_URL or DATABASE_URL is set, on PostgreSQL
 * (tests/bench/server-load.ts); the offline cold start of the built app, throttled 4×, on a
 * device synced from the PGlite head office (tests/bench/cold-start.ts). Every measure is a
 * row of the bench's table.
 */
import { coldStart, coldStartKept, keptColdProfile, type ColdStart } from './cold-start';
import {
  HEAD_OFFICE_CHILDREN,
  headOffice,
  loadClients,
  loadHeadOffice,
  postgresBase,
  type HeadOffice,
} from './server-load';
import { atMost, benchRow } from './table';

/** The goals: the list's p95 under head office's load, and the offline cold start. */
const LIST_P95_MS = 100;
const COLD_START_MS = 1500;

async function loadRows(office: HeadOffice) {
  const size = `${office.children.toLocaleString('en')} children / ${office.history.toLocaleString('en')} entries`;
  for (const r of await loadHeadOffice(office)) {
    const what = {
      list: 'child list (a page of 10; unfiltered, by center, name, gender and dates, Present Status, in turn)',
      view: 'child view',
      create: 'child create (Quick Add, multipart)',
    }[r.scenario as 'list' | 'view' | 'create'];
    const errors = r.errors ? `, **${r.errors} errors** (${r.firstError})` : '';
    benchRow(
      `server on ${office.kind}, ${loadClients} clients at once, ${size}: ${what}, p95`,
      `${r.p95.toFixed(0)} ms (p50 ${r.p50.toFixed(0)}, p99 ${r.p99.toFixed(0)}), ${r.perSecond.toFixed(0)} req/s over ${r.requests} requests, server CPU ${r.cpuPerRequest.toFixed(1)} ms a request${errors}`,
      r.scenario === 'list' ? atMost(r.errors ? Infinity : r.p95, LIST_P95_MS, 'ms') : undefined,
    );
  }
}

function coldRows(cold: ColdStart) {
  benchRow(
    `offline cold start to the dashboard's tiles, CPU throttled 4×, ${cold.children.toLocaleString('en')} children / ${cold.history.toLocaleString('en')} entries on the device (median of ${cold.all.length})`,
    `${cold.tiles.toFixed(0)} ms (each: ${cold.all.map((ms) => ms.toFixed(0)).join(', ')})`,
    atMost(cold.tiles, COLD_START_MS, 'ms'),
  );
  benchRow(
    "the same start, to the tiles' 12-month trends",
    Number.isNaN(cold.trends) ? 'no trend drawn' : `${cold.trends.toFixed(0)} ms`,
  );
  benchRow(
    'first sync after sign-in that brought them (online, not throttled)',
    cold.firstSync === null ? 'not recorded' : `${(cold.firstSync / 1000).toFixed(1)} s`,
  );
}

export async function headOfficeSections(wanted: { load: boolean; cold: boolean }) {
  // A device kept from an earlier run (BENCH_COLD_KEEP) needs no head office for its cold start.
  const kept = wanted.cold ? keptColdProfile() : null;
  if (wanted.load || (wanted.cold && !kept)) {
    console.log(`head office: ${HEAD_OFFICE_CHILDREN} children with 10 entries each`);
    const office = await headOffice('pglite');
    try {
      if (wanted.load) await loadRows(office);
      if (wanted.cold && !kept) coldRows(await coldStart(office));
    } finally {
      await office.close();
    }
  }
  if (kept) coldRows(await coldStartKept(kept));
  if (wanted.load && postgresBase()) {
    const onPostgres = await headOffice('postgres');
    try {
      await loadRows(onPostgres);
    } finally {
      await onPostgres.close();
    }
  } else if (wanted.load) {
    benchRow('server on postgres', 'not run: set BENCH_DATABASE_URL or DATABASE_URL');
  }
}
