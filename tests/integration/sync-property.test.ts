import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import type { Fault } from './support/faulty-fetch';
import { resolveConflict } from '../../sync/engine/review';

/*
 * Property (SPEC R1-R14): random operations on three devices, interleaved with random
 * faults and replayer restarts mid-request. After the network heals and every device
 * syncs: all devices and the server hold the same records, no create happened twice,
 * no write was lost, and a conflict was raised exactly when two devices changed the
 * same field of the same record (R3, R6-R13, R15, R17).
 *
 * Phase 1 shares a few records; phase 2 works offline on each device (pushes may go
 * out, with faults, but nobody pulls), so every phase-2 change is concurrent with
 * every other device's; phase 3 heals and syncs. Every written value is unique, so
 * the conflict oracle is exact: a record conflicts iff two devices changed one field,
 * or one deleted it while another changed it. (Equal values on both sides, which are
 * no conflict, are covered by the merge unit tests.)
 */

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 200);
// CI replays one fixed seed so a red run means a regression; SYNC_PROPERTY_SEED=random
// explores, SYNC_PROPERTY_SEED=<n> replays a printed seed. Counterexamples found that way
// become deterministic tests in sync-engine.test.ts (seed 1486714831: R3/R9 lost answer).
const SEED =
  process.env.SYNC_PROPERTY_SEED === 'random' ? undefined : Number(process.env.SYNC_PROPERTY_SEED ?? 20261123);
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

let server: TestServer;
let token: string;
let run = 0;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(async () => server?.close());

/** What each device meant to do, per record name. */
type Intent = { values: Map<string, Partial<Record<Field, string>>>; deleted: Set<string>; created: Set<string> };

async function runScenario(shared: number, ops: Op[], healOrder: number[]): Promise<void> {
  const prefix = `p${++run}x${Date.now().toString(36)}-`;
  const since = new Date(Date.now() - 1).toISOString();
  const devices = [0, 1, 2].map((i) => new Device(server.fetch, token, `prop-${i}`, { collections: ['children'] }));
  const intents: Intent[] = devices.map(() => ({ values: new Map(), deleted: new Set(), created: new Set() }));
  try {
    for (const d of devices)
      await d.db.syncState.put({
        collection: 'children',
        cursor: JSON.stringify({ updated_since: since, after_id: 0 }),
        lastPullAt: null,
      });
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
    for (let round = 0; round < 5 && (await devices[0].db.outbox.count()) > 0; round++) await devices[0].engine.sync();
    for (const d of devices) await d.engine.sync();
    for (const d of devices)
      expect(await d.db.entity('children').where('name').startsWith(prefix).count()).toBe(shared);

    // Phase 2: offline work with partial, faulty pushes and restarts.
    const own: string[][] = devices.map(() => []);
    for (const [step, o] of ops.entries()) {
      const d = devices[o.dev];
      const intent = intents[o.dev];
      const names = [...sharedNames, ...own[o.dev]];
      if (o.kind === 'edit' || o.kind === 'delete') {
        const name = names[o.rec % names.length];
        const row = await d.db.entity('children').where('name').equals(name).first();
        if (!row || row._deleted) continue;
        // A device deletes only what it has not edited itself: an edit pushed before its own
        // delete would make another device's delete a (legitimate) conflict the oracle cannot see.
        if (o.kind === 'delete' && intent.values.has(name)) continue;
        if (o.kind === 'edit') {
          // Every written value is new: a device's own earlier value, once pushed, is then
          // its base, and no other device can have written it by chance.
          const value = `d${o.dev}e${step}`;
          await write(d, { entity: 'children', op: 'update', cid: row.cid, fields: { [o.field]: value } });
          intent.values.set(name, { ...intent.values.get(name), [o.field]: value });
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
    }

    // Phase 3: the network heals; everyone syncs until nothing is queued.
    for (let round = 0; round < 4; round++) {
      for (const i of healOrder) await devices[i].engine.sync();
    }
    const conflicted = new Set<string>();
    for (const d of devices) {
      expect(await d.db.outbox.where('status').anyOf('queued', 'sending', 'rejected').count()).toBe(0);
      for (const conflict of await d.db.conflicts.toArray()) {
        const row = await d.db.entity('children').get(conflict.cid);
        conflicted.add(String(row?.name ?? conflict.theirs?.name ?? conflict.base?.name));
        await resolveConflict(d.db, conflict.id!, 'theirs');
      }
    }
    for (let round = 0; round < 2; round++) for (const i of healOrder) await devices[i].engine.sync();

    // Everyone holds the same records as the server.
    const onServer = await server.childrenNamed(prefix, token);
    const serverNames = onServer.map((c) => String(c.name));
    expect(new Set(serverNames).size).toBe(serverNames.length); // no create happened twice
    const view = (rows: Array<Record<string, unknown>>) =>
      Object.fromEntries(rows.map((r) => [String(r.name), Object.fromEntries(FIELDS.map((f) => [f, r[f] ?? null]))]));
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.conflicts.count()).toBe(0);
      const local = await d.db.entity('children').where('name').startsWith(prefix).toArray();
      expect(view(local)).toEqual(view(onServer));
    }

    // Conflicts were raised exactly where two devices' changes collided.
    const expected = new Set<string>();
    for (const name of sharedNames) {
      const writers = intents.filter((i) => i.values.has(name) || i.deleted.has(name));
      const deleters = writers.filter((i) => i.deleted.has(name));
      const editors = writers.filter((i) => i.values.has(name) && !i.deleted.has(name));
      const changed = (i: Intent) => Object.values(i.values.get(name) ?? {}).length > 0;
      if (deleters.length > 0 && editors.some(changed)) expected.add(name);
      for (const field of FIELDS) {
        const values = new Set(editors.map((i) => i.values.get(name)?.[field]).filter((v) => v !== undefined));
        if (values.size > 1) expected.add(name);
      }
    }
    expect([...conflicted].sort()).toEqual([...expected].sort());

    // No write was lost: an uncontested change is on the server; a contested field holds one of the values.
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
        if (values.size === 1) expect(record[field], `${name}.${field}`).toBe([...values][0]);
        else if (values.size > 1) expect(values.has(String(record[field]))).toBe(true);
        else expect(record[field] ?? null).toBeNull();
      }
    }
  } finally {
    await Promise.all(devices.map((d) => d.close()));
  }
}

describe('sync property: three devices, random faults and restarts', () => {
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
        { numRuns: RUNS, verbose: 1, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    30 * 60_000,
  );
});
