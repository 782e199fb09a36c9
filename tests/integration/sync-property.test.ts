import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import type { Fault } from './support/faulty-fetch';
import { databaseKinds } from '../server/harness';
import { resolveConflict } from '../../sync/engine/review';
import { sql } from 'drizzle-orm';
import { children } from '../../server/db/schema';
import { selectRows } from '../../server/db/client';

/*
 * Property (SPEC R1-R14): random operations on three devices, interleaved with random
 * faults and replayer restarts mid-request. After the network heals and every device
 * syncs: all devices and the server hold the same records, no create happened twice,
 * no write was lost, and a conflict was raised exactly when two devices changed the
 * same field of the same record without one having seen the other's value (R3,
 * R6-R13, R15, R17).
 *
 * Phase 1 shares a few records; phase 2 works offline on each device: pushes go out, with
 * faults, but nobody pulls. A push can still show a device another's change: a 409 hands
 * it the server's record, which its queued edits are rebased onto (R12), and an edit made
 * after that overwrites a value the user saw, which is no conflict. So every edit notes
 * the value the device showed for its field (`seen`), and two edits of one field collide
 * iff neither device had seen the other's value (through its own earlier edits and what
 * they saw). Phase 3 heals and syncs. Every written value is unique, so that is exact.
 * (Equal values on both sides, which are no conflict, are covered by the merge unit tests.)
 *
 * Several writers at once: consecutive steps of different devices run together (a push
 * of one device meets another's edit or push on the server), and so do the devices'
 * syncs, so the server sees overlapping transactions. With DATABASE_URL the property also
 * runs on PostgreSQL, whose pool runs them truly at once.
 */

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 200);
// CI replays one fixed seed so a red run means a regression; SYNC_PROPERTY_SEED=random
// explores, SYNC_PROPERTY_SEED=<n> replays a printed seed, and SYNC_PROPERTY_PATH=<a:b:c>
// with it replays one printed counterexample alone. SYNC_PROPERTY_SERIAL=1 runs every
// step and sync one after another, so a counterexample replays in exactly its order.
// Counterexamples found that way become deterministic tests in sync-engine.test.ts (seed
// 1486714831: R3/R9 lost answer; seed 20261123 run 100: an edit after a 409 is no conflict).
const SEED =
  process.env.SYNC_PROPERTY_SEED === 'random' ? undefined : Number(process.env.SYNC_PROPERTY_SEED ?? 20261123);
const PATH = process.env.SYNC_PROPERTY_PATH;
const SERIAL = process.env.SYNC_PROPERTY_SERIAL === '1';
// SYNC_PROPERTY_DB=postgres (or pglite) runs on that database alone.
const KINDS = databaseKinds.filter((k) => !process.env.SYNC_PROPERTY_DB || k === process.env.SYNC_PROPERTY_DB);
const PULL = '/child-registrations';
const FIELDS = ['comments', 'f_name', 'm_name'] as const;
type Field = (typeof FIELDS)[number];

type Op =
  | { kind: 'edit'; dev: number; rec: number; field: Field }
  | { kind: 'delete'; dev: number; rec: number }
  | { kind: 'create'; dev: number }
  | { kind: 'push'; dev: number; faults: Fault[] }
  | { kind: 'restart'; dev: number };

const dev = fc.integer({ min: 0, max: 2 });
const fault = fc.constantFrom<Fault>(
  'pass',
  'drop-request',
  'drop-response',
  'duplicate',
  'status-500',
  'status-429',
  'timeout',
  'status-401',
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      dev,
      rec: fc.nat(9),
      field: fc.constantFrom(...FIELDS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), dev, rec: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), dev }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('push' as const), dev, faults: fc.array(fault, { maxLength: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), dev }) },
);

/**
 * Seed 20261123's 100th run as it failed once under load: a replay that a write had
 * scheduled went out between steps; devices now replay only when told, so here it is the
 * push at step 4, which device 0's edit at step 3 keeps after device 0's push whether steps
 * run together or not. Device 2's comments meet device 0's f_name: 409, rebased, sent
 * again. Its f_name edit after that is made over the value it shows, device 0's: no
 * conflict. The model took it for concurrent and expected one.
 */
const SEEN_AFTER_409: [number, Op[], number[]] = [
  3,
  [
    { kind: 'edit', dev: 2, rec: 5, field: 'comments' },
    { kind: 'edit', dev: 0, rec: 2, field: 'f_name' },
    { kind: 'push', dev: 0, faults: [] },
    { kind: 'edit', dev: 0, rec: 0, field: 'm_name' },
    { kind: 'push', dev: 2, faults: [] },
    { kind: 'edit', dev: 1, rec: 1, field: 'm_name' },
    { kind: 'edit', dev: 2, rec: 5, field: 'f_name' },
    { kind: 'push', dev: 1, faults: ['status-500', 'drop-request', 'status-401'] },
  ],
  [1, 0, 2],
];

/** What each device meant to do, per record name. */
type Intent = { values: Map<string, Partial<Record<Field, string>>>; deleted: Set<string>; created: Set<string> };
/** One edit: its unique value and the value the device showed for the field just before. */
type Edit = { dev: number; name: string; field: Field; value: string; seen: string | null };

/**
 * Per field, whether its edits collide: two devices' edits where neither had seen the
 * other's value. A device has seen its own earlier edits and everything they had seen; a
 * shown value is an edit seen. Without a collision the edits are one chain: `last` is the
 * one after all the others, the value the server must end with.
 */
function fieldHistory(edits: Edit[]): { collides: boolean; last: Edit | undefined } {
  const byValue = new Map(edits.map((e) => [e.value, e]));
  const seenBy = new Map<Edit, Set<string>>();
  const seen = (e: Edit): Set<string> => {
    let known = seenBy.get(e);
    if (known) return known;
    known = new Set<string>();
    seenBy.set(e, known);
    const parents = [
      ...(e.seen !== null && byValue.has(e.seen) ? [byValue.get(e.seen)!] : []),
      ...edits.slice(0, edits.indexOf(e)).filter((earlier) => earlier.dev === e.dev),
    ];
    for (const parent of parents) {
      known.add(parent.value);
      for (const value of seen(parent)) known.add(value);
    }
    return known;
  };
  const collides = edits.some((a) =>
    edits.some((b) => a.dev !== b.dev && !seen(a).has(b.value) && !seen(b).has(a.value)),
  );
  const last = collides ? undefined : edits.find((e) => edits.every((o) => o === e || seen(e).has(o.value)));
  return { collides, last };
}

/** Steps in runs that go together: consecutive steps of different devices (one step each when serial). */
function together(ops: Op[]): Array<Array<[number, Op]>> {
  const runs: Array<Array<[number, Op]>> = [];
  for (const [step, o] of ops.entries()) {
    const current = runs.at(-1);
    if (!SERIAL && current && !current.some(([, c]) => c.dev === o.dev)) current.push([step, o]);
    else runs.push([[step, o]]);
  }
  return runs;
}

describe.each(KINDS)('sync property on %s: three devices, random faults and restarts', (kind) => {
  let server: TestServer;
  let token: string;
  let run = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await server.login('admin@demo.test');
  });
  afterAll(async () => server?.close());

  /**
   * Whether a device's saved cursor is still below a change of the scenario's records. On
   * PostgreSQL a pull hands out only rows below the horizon, the oldest transaction still
   * running in the whole cluster (R22), which another database's transaction (another
   * suite's) can hold back: the device is not behind by mistake, it waits.
   */
  async function heldBack(devices: Device[], prefix: string): Promise<boolean> {
    const [row] = await selectRows<{ change: string | null }>(
      server.db,
      sql`select max(change_xid)::text as change from ${children} where ${children.name} like ${`${prefix}%`}`,
    );
    if (!row?.change) return false;
    for (const d of devices) {
      const saved = await d.db.syncState.get('children');
      const cursor = JSON.parse(saved?.cursor ?? '{}') as { after_change?: string };
      if (cursor.after_change === undefined || BigInt(cursor.after_change) < BigInt(row.change)) return true;
    }
    return false;
  }

  /**
   * Sync rounds until nothing is left to send. The first round runs every device at once
   * (its pushes and pulls overlap on the server); the rest one device at a time, until a
   * round in which no device sent a write, nothing is queued and every device's cursor is
   * past the scenario's last change (at most 8 rounds, and while the horizon is held back
   * elsewhere, up to 10 s more). The server did not change during that round, so every
   * device saw the final records.
   */
  async function syncUntilQuiet(devices: Device[], order: number[], prefix: string, together = true) {
    const writes = () => devices.reduce((n, d) => n + d.net.delivered.filter((r) => !r.endsWith(PULL)).length, 0);
    if (together && !SERIAL) await Promise.all(order.map((i) => devices[i].engine.sync()));
    const waitUntil = Date.now() + 10_000;
    for (let round = 0; round < 8; round++) {
      const before = writes();
      for (const i of order) await devices[i].engine.sync();
      const queued = await Promise.all(devices.map((d) => d.db.outbox.count()));
      if (writes() !== before || queued.some((n) => n > 0)) continue;
      if (!(await heldBack(devices, prefix))) return;
      if (Date.now() > waitUntil) return;
      round--; // the horizon moves when that transaction ends: wait for it, a round is not spent
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function runScenario(shared: number, ops: Op[], healOrder: number[]): Promise<void> {
    const prefix = `p${++run}x${Date.now().toString(36)}-`;
    const since = new Date(Date.now() - 1).toISOString();
    const devices = [0, 1, 2].map((i) => new Device(server.fetch, token, `prop-${i}`, { collections: ['children'] }));
    const intents: Intent[] = devices.map(() => ({ values: new Map(), deleted: new Set(), created: new Set() }));
    const edits: Edit[] = [];
    try {
      await Promise.all(
        devices.map((d) =>
          d.db.syncState.put({
            collection: 'children',
            cursor: JSON.stringify({ updated_since: since, after_id: 0 }),
            lastPullAt: null,
          }),
        ),
      );
      const write = async (d: Device, request: Parameters<Device['engine']['write']>[0]) => {
        const result = await d.engine.write(request);
        if (!result.ok) throw new Error(result.message);
        return result.cid;
      };

      // Phase 1: shared records, synced to everyone.
      const sharedNames = Array.from({ length: shared }, (_, k) => `${prefix}s${k}`);
      for (const name of sharedNames)
        await write(devices[0], {
          entity: 'children',
          op: 'create',
          fields: server.validChild(name),
          files: { image: photo() },
        });
      // Under load a create can time out after the server committed it; it is sent again
      // (same key) until the device's queue is empty, before anyone counts.
      for (let round = 0; round < 5 && (await devices[0].db.outbox.count()) > 0; round++)
        await devices[0].engine.replay();
      expect(await devices[0].db.outbox.count()).toBe(0);
      // Nobody else writes now: one pull each brings the others the shared records (device 0
      // holds them from its creates' answers).
      await Promise.all([1, 2].map((i) => devices[i].engine.sync()));
      for (const d of devices)
        expect(
          await d.db
            .entity('children')
            .filter((child) => String(child.name).startsWith(prefix))
            .count(),
        ).toBe(shared);

      // Phase 2: offline work with partial, faulty pushes and restarts.
      const own: string[][] = devices.map(() => []);
      const perform = async (step: number, o: Op) => {
        const d = devices[o.dev];
        const intent = intents[o.dev];
        const names = [...sharedNames, ...own[o.dev]];
        if (o.kind === 'edit' || o.kind === 'delete') {
          const name = names[o.rec % names.length];
          const row = await d.db
            .entity('children')
            .filter((child) => child.name === name)
            .first();
          if (!row || row._deleted) return;
          // A device deletes only what it has not edited itself: an edit pushed before its own
          // delete would make another device's delete a (legitimate) conflict the oracle cannot see.
          if (o.kind === 'delete' && intent.values.has(name)) return;
          if (o.kind === 'edit') {
            // Every written value is new: a device's own earlier value, once pushed, is then
            // its base, and no other device can have written it by chance.
            const value = `d${o.dev}e${step}`;
            const seen = row[o.field] === null || row[o.field] === undefined ? null : String(row[o.field]);
            await write(d, { entity: 'children', op: 'update', cid: row.cid, fields: { [o.field]: value } });
            intent.values.set(name, { ...intent.values.get(name), [o.field]: value });
            edits.push({ dev: o.dev, name, field: o.field, value, seen });
          } else {
            await write(d, { entity: 'children', op: 'delete', cid: row.cid });
            intent.deleted.add(name);
          }
        } else if (o.kind === 'create') {
          const name = `${prefix}d${o.dev}n${own[o.dev].length}`;
          await write(d, {
            entity: 'children',
            op: 'create',
            fields: server.validChild(name),
            files: { image: photo() },
          });
          own[o.dev].push(name);
          intent.created.add(name);
        } else if (o.kind === 'push') {
          d.net.inject(...o.faults);
          await d.engine.replay();
          d.net.heal();
          d.engine.replayer.resume();
        } else {
          d.net.afterServer = () => d.engine.replayer.kill();
          await d.engine.replay();
          d.net.afterServer = null;
          d.restart();
        }
      };
      for (const steps of together(ops)) await Promise.all(steps.map(([step, o]) => perform(step, o)));

      // Phase 3: the network heals; everyone syncs until nothing is queued.
      await syncUntilQuiet(devices, healOrder, prefix);
      const conflicted = new Set<string>();
      for (const d of devices) {
        expect(await d.db.outbox.where('status').anyOf('queued', 'sending', 'rejected').count()).toBe(0);
        for (const conflict of await d.db.conflicts.toArray()) {
          const row = await d.db.entity('children').get(conflict.cid);
          conflicted.add(String(row?.name ?? conflict.theirs?.name ?? conflict.base?.name));
          await resolveConflict(d.db, conflict.id!, 'theirs');
        }
      }
      // Keeping theirs sends nothing; a round (when anything was resolved) shows that.
      if (conflicted.size > 0) await syncUntilQuiet(devices, healOrder, prefix, false);

      // Everyone holds the same records as the server.
      const onServer = await server.childrenNamed(prefix, token);
      const serverNames = onServer.map((c) => String(c.name));
      expect(new Set(serverNames).size).toBe(serverNames.length); // no create happened twice
      const view = (rows: Array<Record<string, unknown>>) =>
        Object.fromEntries(rows.map((r) => [String(r.name), Object.fromEntries(FIELDS.map((f) => [f, r[f] ?? null]))]));
      for (const d of devices) {
        expect(await d.db.outbox.count()).toBe(0);
        expect(await d.db.conflicts.count()).toBe(0);
        const local = await d.db
          .entity('children')
          .filter((child) => String(child.name).startsWith(prefix))
          .toArray();
        expect(view(local)).toEqual(view(onServer));
      }

      // Conflicts were raised exactly where two devices' changes collided.
      const history = (name: string, field: Field) =>
        fieldHistory(edits.filter((e) => e.name === name && e.field === field));
      const expected = new Set<string>();
      for (const name of sharedNames) {
        const writers = intents.filter((i) => i.values.has(name) || i.deleted.has(name));
        const deleters = writers.filter((i) => i.deleted.has(name));
        const editors = writers.filter((i) => i.values.has(name) && !i.deleted.has(name));
        const changed = (i: Intent) => Object.values(i.values.get(name) ?? {}).length > 0;
        // A deleter never edited the record and pulled nothing, so it had seen no edit (R13).
        if (deleters.length > 0 && editors.some(changed)) expected.add(name);
        if (FIELDS.some((field) => history(name, field).collides)) expected.add(name);
      }
      expect([...conflicted].sort()).toEqual([...expected].sort());

      // No write was lost: a field's last edit is on the server; a contested field holds one of its values.
      const byName = new Map(onServer.map((c) => [String(c.name), c]));
      for (const name of [...sharedNames, ...own.flat()]) {
        const deleters = intents.filter((i) => i.deleted.has(name));
        const record = byName.get(name);
        if (deleters.length > 0 && !expected.has(name)) {
          expect(record, `${name} was deleted`).toBeUndefined();
          continue;
        }
        if (!record) {
          expect(expected.has(name), `${name} vanished without a conflict`).toBe(true);
          continue;
        }
        for (const field of FIELDS) {
          const values = new Set(intents.map((i) => i.values.get(name)?.[field]).filter((v) => v !== undefined));
          const { collides, last } = history(name, field);
          if (values.size === 0) expect(record[field] ?? null).toBeNull();
          else if (!collides) expect(record[field], `${name}.${field}`).toBe(last!.value);
          else expect(values.has(String(record[field]))).toBe(true);
        }
      }
    } finally {
      await Promise.all(devices.map((d) => d.close()));
    }
  }

  it(
    `converges with no lost or doubled write and exact conflicts (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 }),
          fc.array(op, { minLength: 2, maxLength: 14 }),
          fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
          (shared, ops, order) => runScenario(shared, ops, order),
        ),
        {
          numRuns: RUNS,
          verbose: 1,
          // Run 0; a printed path counts it too.
          examples: [SEEN_AFTER_409],
          ...(SEED === undefined ? {} : { seed: SEED }),
          ...(PATH ? { path: PATH } : {}),
        },
      );
    },
    60 * 60_000,
  );
});
