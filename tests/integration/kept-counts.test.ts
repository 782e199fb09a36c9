import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// First: it installs the IndexedDB the devices (and Dexie, as it loads) use.
import { Device, photo } from './support/devices';
import { countsOf } from '../../sync/db/kept-counts';
import { keptReportCounts } from '../../sync/queries/kept-reports';
import { countReportRows, reportPeriods, reportRowsFrom } from '../../sync/contract';
import { startTestServer, type TestServer } from './support/server';

/*
 * The counts the device keeps (sync/db/kept-counts.ts) through the whole engine against the
 * server: a child and its action saved offline, replay's id write-back (R8), the pull that
 * brings the server's rows (R15), and a center change that moves the child's entries to its
 * new center (R20). After each step they equal the counts made from every row (R1).
 */

let server: TestServer;
let token: string;
const devices: Device[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
});

function device(): Device {
  const d = new Device(server.fetch, token, undefined, { collections: ['children', 'history'] });
  devices.push(d);
  return d;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const p = reportPeriods('2025-04-01', '2026-03-31', '2026-06-30');

async function expectCountsCurrent(d: Device) {
  const [kept, children, history] = await Promise.all([
    d.db.keptCounts.toArray(),
    d.db.entity('children').toArray(),
    d.db.entity('history').toArray(),
  ]);
  expect(kept.sort(byKey)).toEqual(countsOf(children, history).sort(byKey));
  const rows = reportRowsFrom(children, history);
  for (const centerId of [null, 2, 3])
    expect(await keptReportCounts(d.db, p, centerId)).toEqual(countReportRows(rows, p, centerId));
}

describe('kept counts through replay and pull', () => {
  it('R1/R8/R15/R20: offline writes, replay, pull on a second device, and a center change keep them equal to the rows', async () => {
    const a = device();
    const made = await a.engine.write({
      entity: 'children',
      op: 'create',
      fields: server.validChild(`Kept ${Date.now()}`),
      files: { image: photo() },
    });
    if (!made.ok) throw new Error(made.message);
    const action = await a.engine.write({
      entity: 'historyActions',
      op: 'medical',
      fields: {
        childregId: made.cid,
        history_status: 'medical_issue',
        medical_issues: 'Fever',
        transfer_date: '2025-06-10',
        comment: 'camp',
      },
    });
    if (!action.ok) throw new Error(action.message);
    await expectCountsCurrent(a);

    await a.engine.replay();
    expect(await a.db.outbox.count()).toBe(0);
    const child = await a.db.entity('children').get(made.cid);
    expect(typeof child?.id).toBe('number');
    await expectCountsCurrent(a);
    await a.engine.sync();
    await expectCountsCurrent(a);

    const b = device();
    await b.engine.sync();
    await expectCountsCurrent(b);
    expect(await b.db.entity('children').where('id').equals(child!.id!).count()).toBe(1);

    // The child moves to center 3 (POST /center_change): its entries count there now (R20).
    const medicalAt = async (d: Device, centerId: number) =>
      (await keptReportCounts(d.db, p, centerId)).get('medical_issue|new|Male') ?? 0;
    const [at2, at3] = [await medicalAt(a, 2), await medicalAt(a, 3)];
    const moved = await a.engine.write({
      entity: 'historyActions',
      op: 'center_change',
      fields: {
        childregId: child!.id,
        history_status: 'transfer',
        centerId: 3,
        date: '2025-07-01',
        transfer_date: '2025-07-01',
        comment: 'moved',
      },
    });
    if (!moved.ok) throw new Error(moved.message);
    await expectCountsCurrent(a);
    await a.engine.replay();
    await a.engine.sync();
    await b.engine.sync();
    for (const d of [a, b]) {
      await expectCountsCurrent(d);
      expect((await d.db.entity('children').where('id').equals(child!.id!).first())?.centerdetailId).toBe(3);
      expect(await medicalAt(d, 3)).toBe(at3 + 1);
      expect(await medicalAt(d, 2)).toBe(at2 - 1);
    }
  });
});
