/*
 * The browser half of the sync benchmark: bundled and run inside headless Chromium
 * against the real server, with the real IndexedDB.
 */
import { AppDb } from '../../sync/db/app-db';
import { writeLocal } from '../../sync/engine/outbox';
import { Replayer } from '../../sync/engine/replay';
import { createTransport } from '../../sync/net/transport';
import { pullCollection, serverCid } from '../../sync/engine/pull';
import { sessionDb } from '../../sync/db/session-db';
import { restoreSession, currentDb } from '../../sync/device/session';
import { countExitEntries, deviceReport, getChild, listChildren, listExitEntries } from '../../sync/queries';
import { recordAccess } from '../../sync/device/access-log';
import { firstRead, plainBulkPut } from './kept';
import { dropDataKey, newDataKey, setDataKey } from '../../sync/db/seal';

// Rows are sealed with the data key an unlock puts in memory (sync/db/seal.ts): the bench
// works as an unlocked app does. One key for the whole run, kept in the tab's sessionStorage:
// the page loaded again for the first dashboard of a session (firstRead) must open the rows
// sealed before it, as the app does once its password has put the same key back.
function benchDataKey(): Uint8Array {
  const kept = sessionStorage.getItem('ashray-bench-data-key');
  if (kept) return Uint8Array.from(atob(kept), (c) => c.charCodeAt(0));
  const key = newDataKey();
  sessionStorage.setItem('ashray-bench-data-key', btoa(String.fromCharCode(...key)));
  return key;
}
setDataKey(benchDataKey());
import {
  countReportRows,
  exitRestoreStatusKeys,
  reportCategories,
  reportPeriods,
  reportRowsFrom,
} from '../../sync/contract';

const transportFor = (token: string) =>
  createTransport({ baseUrl: () => `${location.origin}/api/`, token: () => token });

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

async function fresh(name: string, options: { unsealed?: boolean } = {}): Promise<AppDb> {
  const db = new AppDb(`${name}-${Date.now()}`);
  // As the app stored rows before sealing, for the comparison of the pull's time.
  if (options.unsealed) db.unuse({ stack: 'dbcore', name: 'seal' });
  await db.open();
  return db;
}

/** Pulls children then history into an empty database, sealed or not; its time in ms. */
async function timedPull(token: string, options: { unsealed?: boolean }) {
  const db = await fresh(options.unsealed ? 'bench-pull-clear' : 'bench-pull', options);
  const deps = { db, transport: transportFor(token), perPage: 1000 };
  const started = performance.now();
  await pullCollection(deps, 'children');
  await pullCollection(deps, 'history');
  const ms = performance.now() - started;
  db.close();
  return ms;
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
    const response = await fetch('/api/child_add', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      body: form,
    });
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
  console.log(`pulled ${children.rows} children`);
  const history = await pullCollection(deps, 'history');
  console.log(`pulled ${history.rows} history rows`);
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
  const plainMs = await plainBulkPut(rows);
  // Sealed against unsealed, in alternating order (the load of a shared box drifts).
  const sealed: number[] = [];
  const unsealed: number[] = [];
  for (let round = 0; round < 2; round++) {
    if (round % 2 === 0) {
      unsealed.push(await timedPull(token, { unsealed: true }));
      sealed.push(await timedPull(token, {}));
    } else {
      sealed.push(await timedPull(token, {}));
      unsealed.push(await timedPull(token, { unsealed: true }));
    }
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    pullMs,
    rawMs,
    plainMs,
    sealedMs: sum(sealed),
    unsealedMs: sum(unsealed),
    children: children.rows,
    history: history.rows,
  };
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** Median of `runs` (5) runs; a run may return milliseconds of its own not to count (its setup). */
async function time(run: () => Promise<unknown>, runs = 5) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const notCounted = await run();
    samples.push(performance.now() - t - (typeof notCounted === 'number' ? notCounted : 0));
  }
  return median(samples);
}

/** The Child Registration List over `n` children on the device: open, filter, page (median of 5). */
async function list(n: number) {
  const user = {
    id: 900_000 + n,
    token: 'bench',
    name: 'Bench',
    email: 'bench@demo.test',
    role: { id: 1, name: 'admin', permissions: null },
    centerId: 1,
    image: null,
    imagePath: '',
  };
  await sessionDb.session.put({ key: 'current', user, apiOrigin: location.origin, savedAt: Date.now() });
  await restoreSession();
  // A restored session opens locked; the unlock puts the database's key in memory.
  const key = benchDataKey();
  setDataKey(key, currentDb().name);
  const rows = Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    const record = {
      id,
      name: `Child ${id}`,
      gender: id % 2 ? 'Male' : 'Female',
      dateofarrival: `2024-0${(id % 9) + 1}-${String((id % 28) + 1).padStart(2, '0')}`,
      centerdetailId: (id % 3) + 2,
      uniqueId: `SBT-${id}`,
      ReferredBy: 'produce',
      address: 'x'.repeat(200),
      comments: 'y'.repeat(300),
      last_status: { history_status: id % 2 ? 'education' : null },
      updated_at: new Date(Date.UTC(2024, 0, 1, 0, 0, id)).toISOString(),
    };
    return { ...record, cid: serverCid(id), _base: record, _sync: 'synced' as const };
  });
  for (let i = 0; i < rows.length; i += 2000)
    await currentDb()
      .entity('children')
      .bulkPut(rows.slice(i, i + 2000));
  // A child edited before each sample: what the index worked out (a sort's order, a word's
  // hits) is thrown away, so the sample pays for working it out again, as after a sync.
  let edits = 0;
  const edit = () =>
    currentDb()
      .entity('children')
      .update(serverCid(1), { comments: `edited ${++edits}` });
  const timeAfterEdit = (run: () => Promise<unknown>) =>
    time(async () => {
      const t = performance.now();
      await edit();
      const spent = performance.now() - t;
      await run();
      return spent;
    });
  const open = await time(() => listChildren({ page: 1 }));
  // The list index is built on the first search, filter or sort after the rows arrive.
  currentDb().childIndex.invalidate();
  const t0 = performance.now();
  await listChildren({ search: 'child' });
  const build = performance.now() - t0;
  const openIndexed = await time(() => listChildren({ page: 1 }));
  // The first open after an unlock: the key was dropped with everything read from the rows,
  // the index is made again from the sealed rows (each opened) (median of 5).
  const afterUnlock = await time(async () => {
    dropDataKey();
    currentDb().childIndex.invalidate();
    setDataKey(key, currentDb().name);
    await listChildren({ page: 1 });
  });
  const filter = await timeAfterEdit(() => listChildren({ filter: { centerId: 3 }, page: 1 }));
  const page = await timeAfterEdit(() => listChildren({ filter: { centerId: 3 }, page: 5 }));
  const byName = await timeAfterEdit(() => listChildren({ filter: { name: 'Child 19' }, page: 2 }));
  // Typing 'Child 1934' in the search box after an edit: one query per keystroke, each
  // run once as a person types it, median over the keystrokes (five times over).
  const typed = 'Child 1934';
  const keystrokes: number[] = [];
  for (let round = 0; round < 5; round++) {
    await edit();
    for (let i = 1; i <= typed.length; i++) {
      const t = performance.now();
      await listChildren({ search: typed.slice(0, i) });
      keystrokes.push(performance.now() - t);
    }
  }
  const typing = median(keystrokes);
  const sortByName = await timeAfterEdit(() => listChildren({ sort: { key: 'name', dir: 'asc' }, page: 1 }));
  const sortPage = await timeAfterEdit(() =>
    listChildren({ sort: { key: 'dateofarrival', dir: 'desc' }, filter: { centerId: 3 }, page: 5 }),
  );
  // The baseline: what a filter cost before the index, every row read and tested.
  const scan = await time(async () =>
    (await currentDb().entity('children').toArray()).filter((r) => String(r.name).includes('Child 19')),
  );
  // Opening a profile: what the access log adds to it. The profile screen queues its entry
  // once the child is shown and does not wait for it (an effect, `void logAccess`, src/lib/
  // use-access-log.ts); here it is queued as the read starts, the most it could cost the
  // opening: the read's time with the entry beside it less the read alone. The entry's own
  // write, to IndexedDB's durable commit, is shown apart.
  const profile = () => getChild(serverCid(1934));
  const entry = () => recordAccess(currentDb(), { action: 'profile_view', childIds: [1934], subject: 'overview' });
  // Medians of 15: a few milliseconds each, judged against 5 ms.
  const profileRead = await time(profile, 15);
  const profileLogged = await time(async () => {
    const queued = entry();
    await profile();
    // The entry is let finish before the next sample, not counted: each starts with nothing queued.
    const waited = performance.now();
    await queued;
    return performance.now() - waited;
  }, 15);
  // Awaited, not returned: recordAccess answers how many entries it queued, and `time`
  // would take that number for milliseconds not to count.
  const accessEntry = await time(async () => {
    await entry();
  }, 15);
  return {
    open,
    build,
    openIndexed,
    afterUnlock,
    filter,
    page,
    byName,
    typing,
    sortByName,
    sortPage,
    scan,
    profileRead,
    profileLogged,
    accessEntry,
  };
}

/**
 * The device's report (the contract's rule over IndexedDB) for one year over all centers,
 * with `n` children and 10 history entries each on the device; median of 5.
 */
async function report(n: number) {
  const user = {
    id: 800_000 + n,
    token: 'bench',
    name: 'Bench',
    email: 'bench@demo.test',
    role: { id: 1, name: 'admin', permissions: null },
    centerId: 1,
    image: null,
    imagePath: '',
  };
  await sessionDb.session.put({ key: 'current', user, apiOrigin: location.origin, savedAt: Date.now() });
  await restoreSession();
  // A restored session opens locked; the unlock puts the database's key in memory.
  const key = benchDataKey();
  setDataKey(key, currentDb().name);
  const statuses = reportCategories.flatMap((c) => c.statuses);
  const children = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    cid: serverCid(i + 1),
    name: `Child ${i + 1}`,
    gender: i % 2 ? 'Male' : 'Female',
    centerdetailId: (i % 8) + 2,
    _sync: 'synced' as const,
  }));
  for (let i = 0; i < children.length; i += 5000)
    await currentDb()
      .entity('children')
      .bulkPut(children.slice(i, i + 5000));
  const history = Array.from({ length: n * 10 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 800) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: i + 1,
      cid: serverCid(i + 1),
      childregId: (i % n) + 1,
      centerId: (i % 8) + 2,
      history_status: statuses[i % statuses.length],
      transfer_date: day,
      history_date: day,
      _sync: 'synced' as const,
    };
  });
  for (let i = 0; i < history.length; i += 10_000)
    await currentDb()
      .entity('history')
      .bulkPut(history.slice(i, i + 10_000));
  let counted = 0;
  const run = async (centerId: number | null) => {
    const answer = await deviceReport({ centerId, from_date: '2025-04-01', to_date: '2026-03-31' }, '2026-11-23');
    counted = (answer.categories ?? []).length;
  };
  const notTimed = async (write: () => Promise<unknown>) => {
    const t = performance.now();
    await write();
    return performance.now() - t;
  };
  // After a sync page (100 entries written): the kept fields are read again from the table.
  let page = 0;
  const afterSync = await time(async () => {
    const spent = await notTimed(() =>
      currentDb()
        .entity('history')
        .bulkPut(history.slice((page % 50) * 100, (page++ % 50) * 100 + 100)),
    );
    await run(null);
    return spent;
  });
  // After one entry is edited on the device: only that entry is read again.
  let edits = 0;
  const afterWrite = await time(async () => {
    const spent = await notTimed(() =>
      currentDb()
        .entity('history')
        .update(serverCid(1), { comment: `edited ${++edits}` }),
    );
    await run(null);
    return spent;
  });
  // Between writes, the same report for another center: nothing is read again.
  let center = 2;
  const again = await time(() => run((center++ % 8) + 2));
  // Baseline: every row of both tables read and counted by the same rule, as before.
  const p = reportPeriods('2025-04-01', '2026-03-31', '2026-11-23');
  const baseline = await time(async () => {
    const db = currentDb();
    const rows = reportRowsFrom(await db.entity('children').toArray(), await db.entity('history').toArray());
    counted = countReportRows(rows, p, null).size;
  });
  return { ms: again, afterWrite, afterSync, baseline, categories: counted, history: history.length };
}

/**
 * The exit/restoration lists over `n` history rows on the device (after `list` stored the
 * children): open a status's list, filter it by center and date range, page 5 of it
 * (median of 5). The rows spread over every status key, as a busy trust's would.
 */
async function exits(n: number, children: number) {
  const table = currentDb().entity('history');
  for (let start = 0; start < n; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, n - start) }, (_, k) => {
      const id = start + k + 1;
      const day = `202${(id % 4) + 2}-${String((id % 12) + 1).padStart(2, '0')}-${String((id % 28) + 1).padStart(2, '0')}`;
      const record = {
        id,
        childregId: (id % children) + 1,
        centerId: (id % 3) + 2,
        history_status: exitRestoreStatusKeys[id % exitRestoreStatusKeys.length],
        transfer_date: day,
        comment: 'z'.repeat(80),
        updated_at: new Date(Date.UTC(2024, 0, 1, 0, 0, 0, id)).toISOString(),
      };
      return { ...record, cid: serverCid(id), _base: record, _sync: 'synced' as const };
    });
    await table.bulkPut(rows);
  }
  const filter = { centerId: 3, from_date: '2023-01-01', to_date: '2024-12-31' };
  // As the screen asks: the page first, its total counted beside it (useExitPage). Once
  // before any report or the dashboard read the history's fields (counted over the index),
  // once after (counted over the kept fields).
  const early = { total: 'later' } as const;
  const screen = async () => ({
    open: await time(() => listExitEntries({ status: 'dropout', page: 1 }, early)),
    total: await time(async () => void (await countExitEntries({ status: 'dropout' }))),
    filter: await time(() => listExitEntries({ status: 'dropout', filter, page: 1 }, early)),
    filterTotal: await time(async () => void (await countExitEntries({ status: 'dropout', filter }))),
    page: await time(() => listExitEntries({ status: 'dropout', filter, page: 5 }, early)),
  });
  const cold = await screen();
  const t = performance.now();
  await currentDb().historyFacts.values();
  const keep = performance.now() - t;
  const kept = await screen();
  // Baseline: every entry of the status read through its index, as a plain list would.
  const baseline = await time(() =>
    table.where('[history_status+transfer_date]').between(['dropout', ''], ['dropout', '\uffff']).toArray(),
  );
  return { cold, keep, kept, baseline };
}

/** One sealed pull into an empty database, for a CPU profile of it (BENCH_PULL_PROFILE). */
const pullOnce = (token: string) => timedPull(token, {});

Object.assign(window, { ashrayBench: { replay, plain, pull, pullOnce, list, report, exits, firstRead } });
