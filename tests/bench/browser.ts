/*
 * The browser half of the sync benchmark: bundled and run inside headless Chromium
 * against the real server, with the real IndexedDB.
 */
import { AppDb } from '../../sync/db/app-db';
import { writeLocal } from '../../sync/outbox';
import { Replayer } from '../../sync/replay';
import { createTransport } from '../../sync/transport';
import { pullCollection } from '../../sync/pull';

const transportFor = (token: string) => createTransport({ baseUrl: () => `${location.origin}/api/`, token: () => token });

const childFields = (i: number) => ({
  name: `Replay Bench ${i}`,
  dateofarrival: '2026-11-01',
  gender: i % 2 ? 'Female' : 'Male',
  ReferredBy: 'produce',
  short_stay_status: 'no',
  address: 'Bench address',
  countryId: 101,
  stateId: (window as unknown as { benchState: number }).benchState,
  district: (window as unknown as { benchDistrict: number }).benchDistrict,
  reference_type: 'Self',
  centerdetailId: 2,
});

async function fresh(name: string): Promise<AppDb> {
  const db = new AppDb(`${name}-${Date.now()}`);
  await db.open();
  return db;
}

/** Queues `n` creates offline, then times the replay that sends them all. */
async function replay(token: string, n: number) {
  const db = await fresh('bench-replay');
  for (let i = 0; i < n; i++) await writeLocal(db, { entity: 'children', op: 'create', fields: childFields(i) });
  const started = performance.now();
  const summary = await new Replayer({ db, transport: transportFor(token) }).run();
  const ms = performance.now() - started;
  const left = await db.outbox.count();
  db.close();
  return { ms, sent: summary.sent, left };
}

/** The same creates as plain sequential multipart POSTs: no outbox, no IndexedDB. */
async function plain(token: string, n: number) {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const form = new FormData();
    for (const [k, v] of Object.entries(childFields(n + i))) form.append(k, String(v));
    const response = await fetch('/api/child_add', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() }, body: form });
    if (!response.ok) throw new Error(`plain POST ${response.status}`);
  }
  return { ms: performance.now() - started };
}

/** Pulls children then history into an empty database; then bulkPuts the same rows raw. */
async function pull(token: string) {
  const db = await fresh('bench-pull');
  const deps = { db, transport: transportFor(token), perPage: 1000 };
  const started = performance.now();
  const children = await pullCollection(deps, 'children');
  const history = await pullCollection(deps, 'history');
  const pullMs = performance.now() - started;
  const rows = { children: await db.entity('children').toArray(), history: await db.entity('history').toArray() };
  const raw = await fresh('bench-raw');
  const rawStarted = performance.now();
  for (const [table, list] of Object.entries(rows)) {
    for (let i = 0; i < list.length; i += 1000) await raw.table(table).bulkPut(list.slice(i, i + 1000));
  }
  const rawMs = performance.now() - rawStarted;
  db.close();
  raw.close();
  return { pullMs, rawMs, children: children.rows, history: history.rows };
}

Object.assign(window, { ashrayBench: { replay, plain, pull } });
