import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveQuery } from 'dexie';
import { deviceGroupReport, deviceReport } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import { buildReport, countReportRows, reportPeriods, reportRowsFrom } from '../../../sync/contract';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from '../children/factories';

const on = '2025-06-30';
const filter = { from_date: '2024-04-01', to_date: '2025-03-31' };
const entry = (id: number, status: string, day: string, childregId: number) => ({
  cid: serverCid(id),
  id,
  childregId,
  history_status: status,
  transfer_date: day,
  history_date: day,
  _sync: 'synced' as const,
  _base: null,
});

/** The report worked out from the tables as they are now, with nothing kept. */
async function fromTables() {
  const db = currentDb();
  const rows = reportRowsFrom(await db.entity('children').toArray(), await db.entity('history').toArray());
  const p = reportPeriods(filter.from_date, filter.to_date, on);
  return buildReport(countReportRows(rows, p, null), p, {
    centerId: null,
    center_name: null,
    balance: { male: 0, female: 0 },
  });
}

describe("the device's report keeps its rows until children or history are written", () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren(Array.from({ length: 12 }, (_, i) => makeChild(i + 1)));
    await currentDb()
      .entity('history')
      .bulkPut(
        Array.from({ length: 30 }, (_, i) =>
          entry(
            i + 1,
            i % 2 ? 'medical_issue' : 'education',
            `2024-${String((i % 12) + 1).padStart(2, '0')}-10`,
            (i % 12) + 1,
          ),
        ),
      );
  });

  it('answers the same as the rule over the tables, before and after a new entry, an edit, a delete and a child moving', async () => {
    const history = currentDb().entity('history');
    expect(await deviceReport(filter, on)).toEqual(await fromTables());
    expect(await deviceReport({ ...filter, centerId: 3 }, on)).not.toEqual(await deviceReport(filter, on));

    await history.put(entry(99, 'education', '2024-11-05', 3));
    expect(await deviceReport(filter, on)).toEqual(await fromTables());
    await history.update(serverCid(1), { history_status: 'mhp' });
    expect(await deviceReport(filter, on)).toEqual(await fromTables());
    await history.delete(serverCid(2));
    expect(await deviceReport(filter, on)).toEqual(await fromTables());
    await currentDb().entity('children').update('s3', { gender: 'Female' });
    expect(await deviceReport(filter, on)).toEqual(await fromTables());
    const group = await deviceGroupReport(filter, on);
    expect(group).toBeTruthy();
  });

  it('a live report re-runs when an entry is written, also once its rows are kept', async () => {
    const seen: string[] = [];
    const subscription = liveQuery(() => deviceReport(filter, on)).subscribe((r) => seen.push(JSON.stringify(r)));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await currentDb()
      .entity('history')
      .put(entry(100, 'education', '2024-10-01', 4));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await currentDb()
      .entity('history')
      .put(entry(101, 'education', '2024-10-02', 5));
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toBe(JSON.stringify(await fromTables()));
    subscription.unsubscribe();
  });
});
