import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveQuery } from 'dexie';
import {
  dashboardTrends,
  deviceReport,
  deviceReportDetails,
  deviceReportRows,
  listRegisteredBeneficiaries,
} from '../../../sync/queries';
import { writeLocal } from '../../../sync/engine/outbox';
import { currentDb } from '../../../sync/device/session';
import { AppDb } from '../../../sync/db/app-db';
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
  comment: `entry ${id}`,
  _sync: 'synced' as const,
  _base: null,
});

/** The report worked out from the tables as they are now, every row read. */
async function fromTables(centerId: number | null = null) {
  const db = currentDb();
  const rows = reportRowsFrom(await db.entity('children').toArray(), await db.entity('history').toArray());
  const p = reportPeriods(filter.from_date, filter.to_date, on);
  return buildReport(countReportRows(rows, p, centerId), p, {
    centerId,
    center_name: null,
    balance: { male: 0, female: 0 },
  });
}

const report = (centerId: number | null = null) => deviceReport({ ...filter, centerId }, on);

describe("the device's report from the kept counts (and its details from the kept fields)", () => {
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

  it('answers as the rule over the tables after each kind of write: add, edit, delete, a child changing, a bulk write, a cleared table', async () => {
    const db = currentDb();
    const history = db.entity('history');
    expect(await report()).toEqual(await fromTables());
    expect(await report(3)).toEqual(await fromTables(3));
    expect(await report(3)).not.toEqual(await report());

    await history.put(entry(99, 'education', '2024-11-05', 3));
    expect(await report()).toEqual(await fromTables());
    await history.update(serverCid(1), { history_status: 'mhp' });
    expect(await report()).toEqual(await fromTables());
    await history.delete(serverCid(2));
    expect(await report()).toEqual(await fromTables());
    await db.entity('children').update('s3', { gender: 'Female', centerdetailId: 4 });
    expect(await report()).toEqual(await fromTables());
    expect(await report(4)).toEqual(await fromTables(4));
    // A pull page: the report reads the kept counts (db/kept-counts.ts), never the history's rows.
    await history.bulkPut(Array.from({ length: 60 }, (_, i) => entry(200 + i, 'restoration', '2024-12-01', 5)));
    expect(await report()).toEqual(await fromTables());
    expect(db.historyFacts.fullReads).toBe(0);
    await history.where('id').between(200, 230).delete();
    expect(await report()).toEqual(await fromTables());
    // More keys than the mirror re-reads one by one (5,000): it reads the table again.
    await history.bulkPut(Array.from({ length: 5_001 }, (_, i) => entry(1_000 + i, 'education', '2024-10-10', 6)));
    expect(await report()).toEqual(await fromTables());
    await history.clear();
    expect(await report()).toEqual(await fromTables());
  });

  it('another connection to the same database (another tab) writing is seen too', async () => {
    expect(await report()).toEqual(await fromTables());
    const other = new AppDb(currentDb().name);
    await other.entity('history').put(entry(300, 'education', '2024-08-08', 7));
    expect(await report()).toEqual(await fromTables());
    // Another tab's page of 60 rows: counted by the transaction that wrote them.
    await other.entity('history').bulkPut(Array.from({ length: 60 }, (_, i) => entry(500 + i, 'mhp', '2024-07-07', 8)));
    expect(await report()).toEqual(await fromTables());
    expect(currentDb().historyFacts.fullReads).toBe(0);
    other.close();
  });

  it('two reports asked at once, while the table is first read, both wait for that read', async () => {
    const [all, one] = await Promise.all([report(), report(3)]);
    expect(all).toEqual(await fromTables());
    expect(one).toEqual(await fromTables(3));
  });

  it('a write made while the table is first read is not lost', async () => {
    const db = currentDb();
    const [first] = await Promise.all([report(), db.entity('history').put(entry(400, 'education', '2024-09-09', 2))]);
    expect(first).toBeTruthy();
    expect(await report()).toEqual(await fromTables());
  });

  it('a live report re-runs when an entry or a child is written, though its rows are kept', async () => {
    const seen: string[] = [];
    const subscription = liveQuery(() => report()).subscribe((r) => seen.push(JSON.stringify(r)));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await currentDb()
      .entity('history')
      .put(entry(100, 'education', '2024-10-01', 4));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toBe(JSON.stringify(await fromTables()));
    await currentDb().entity('children').update('s4', { gender: 'Male' });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toBe(JSON.stringify(await fromTables()));
    subscription.unsubscribe();
  });

  it("a count's details page reads the entries and children of the page, newest first", async () => {
    const details = await deviceReportDetails(
      { ...filter, gender: 'Male', where: 'category', value: 'education', where1: 'novalue', value1: 'novalue' },
      1,
      3,
    );
    // Education entries (all of Male children) dated from April 2024: May x3, Jul, Sep, Nov x2.
    expect(details.pagination.total).toBe(9);
    expect(details.rows.map((r) => r.transfer_date)).toEqual(['2024-11-10', '2024-11-10', '2024-09-10']);
    expect(details.rows[0]).toMatchObject({ name: 'Child 11', gender: 'Male', history_status: 'education', id: 11 });
    const second = await deviceReportDetails(
      { ...filter, gender: 'Male', where: 'category', value: 'education', where1: 'novalue', value1: 'novalue' },
      2,
      3,
    );
    expect(second.rows.map((r) => r.transfer_date)).toEqual(['2024-09-10', '2024-07-10', '2024-07-10']);
    // The group details' third condition, when type is noaction: the medical entries are all of girls.
    const medical = { ...filter, where: 'category', value: 'medical_issue', where1: 'novalue', value1: 'novalue' };
    expect((await deviceReportDetails(medical, 1)).pagination.total).toBe(12);
    const boys = { ...medical, type: 'noaction', where2: 'gender', value2: 'Male' };
    expect((await deviceReportDetails(boys, 1)).pagination.total).toBe(0);
    expect((await deviceReportDetails({ ...boys, value2: 'Female' }, 1)).pagination.total).toBe(12);
    expect((await deviceReportDetails({ ...boys, where2: 'password' }, 1)).rows).toEqual([]);
  });

  // Spec part 2, Report details: a table of children with "... unique_centerId, ... center_name, ...".
  it("a count's details name the child's center and its Unique Center Id offline, from the device's centers", async () => {
    await currentDb()
      .entity('centers')
      .bulkPut([
        {
          cid: serverCid(2),
          id: 2,
          name: 'Howrah Shelter',
          unique_centerId: 'WB-HWH-02',
          _sync: 'synced',
          _base: null,
        },
        { cid: serverCid(3), id: 3, name: 'Sealdah Point', unique_centerId: 'WB-SDH-03', _sync: 'synced', _base: null },
      ]);
    await currentDb().lookups.put({ key: 'centers_list', data: [{ id: 4, name: 'Only Listed' }], pulledAt: 0 });
    const details = await deviceReportDetails(
      { ...filter, where: 'category', value: 'education', where1: 'novalue', value1: 'novalue' },
      1,
      20,
    );
    const byCenter = new Map(details.rows.map((r) => [String(r.center_name), r]));
    // Children 1..12 sit at centers (id % 3) + 2: 2, 3 and 4.
    expect(byCenter.get('Howrah Shelter')).toMatchObject({
      unique_centerId: 'WB-HWH-02',
      center_data: { name: 'Howrah Shelter', unique_centerId: 'WB-HWH-02' },
    });
    expect(byCenter.get('Sealdah Point')).toMatchObject({ unique_centerId: 'WB-SDH-03' });
    // A center known only by name (GET /centers_list) has its name; no Unique Center Id is invented.
    expect(byCenter.get('Only Listed')).toMatchObject({ unique_centerId: null, center_data: { name: 'Only Listed' } });
  });

  // The server joins the child's current center for unique_centerId (server/reports/records.ts);
  // a user who never pulls the administrators' centers table has it from GET /centers_list.
  it("a count's details show the Unique Center Id offline for every user: from the kept center names, else the child's own center", async () => {
    expect(await currentDb().entity('centers').count()).toBe(0);
    await currentDb().lookups.put({
      key: 'centers_list',
      data: [
        { id: 2, name: 'Howrah Shelter', unique_centerId: 'SBT-HWH-002' },
        { id: 3, name: 'Sealdah Point', unique_centerId: 'SBT-SDH-003' },
        // A backend that names centers only (the spec's id and name).
        { id: 4, name: 'Only Listed' },
      ],
      pulledAt: 0,
    });
    // The period's education entries are of children 5, 7, 9 and 11, at centers (id % 3) + 2.
    // Child 5 sits at center 4: its own answer embeds its center with the id; child 11's
    // embedded center is an older one (it moved), so it says nothing about center 4.
    await currentDb()
      .entity('children')
      .update(serverCid(5), {
        center_data: { id: 4, name: 'Only Listed', unique_centerId: 'SBT-OL-004' },
      });
    await currentDb()
      .entity('children')
      .update(serverCid(11), {
        center_data: { id: 2, name: 'Howrah Shelter', unique_centerId: 'SBT-HWH-002' },
      });
    const details = await deviceReportDetails(
      { ...filter, where: 'category', value: 'education', where1: 'novalue', value1: 'novalue' },
      1,
      50,
    );
    const byChild = new Map(details.rows.map((r) => [String(r.name), r]));
    expect(byChild.get('Child 9')).toMatchObject({
      center_name: 'Howrah Shelter',
      unique_centerId: 'SBT-HWH-002',
      center_data: { name: 'Howrah Shelter', unique_centerId: 'SBT-HWH-002' },
    });
    expect(byChild.get('Child 7')).toMatchObject({ center_name: 'Sealdah Point', unique_centerId: 'SBT-SDH-003' });
    expect(byChild.get('Child 5')).toMatchObject({
      center_name: 'Only Listed',
      unique_centerId: 'SBT-OL-004',
      center_data: { name: 'Only Listed', unique_centerId: 'SBT-OL-004' },
    });
    expect(byChild.get('Child 11')).toMatchObject({ center_name: 'Only Listed', unique_centerId: null });
  });

  // The device report counts what the server's would once the write lands: a CWC produce
  // with a child writes a produceToCwc entry on the server (spec part 1 section 4: "each
  // action writes the child's history"), so an offline one counts in the CWC row at once.
  it('an offline CWC produce or refer counts in the CWC row at once, and once only after the server answers', async () => {
    const cwcRows = async () => (await deviceReportRows()).filter((r) => r.category === 'cwc');
    expect(await cwcRows()).toEqual([]);
    const produced = await writeLocal(currentDb(), {
      entity: 'cwcProduce',
      op: 'create',
      fields: { childregId: 5, centerId: 3, transfer_date: '2024-08-01', comment: 'to CWC' },
    });
    await writeLocal(currentDb(), {
      entity: 'cwcRefer',
      op: 'create',
      fields: { childregId: 6, centerId: 2, transfer_date: '2024-09-01', comment: 'from CWC' },
    });
    // A record without a child writes no history on the server: not counted.
    await writeLocal(currentDb(), {
      entity: 'cwcRefer',
      op: 'create',
      fields: { centerId: 2, transfer_date: '2024-09-02', comment: 'no child' },
    });
    expect(await cwcRows()).toHaveLength(2);
    const cwc = { ...filter, where: 'category', value: 'cwc', where1: 'novalue', value1: 'novalue' };
    const details = await deviceReportDetails(cwc, 1);
    expect(details.pagination.total).toBe(2);
    expect(details.rows.map((r) => [r.history_status, r.transfer_date])).toEqual([
      ['referFromCwc', '2024-09-01'],
      ['produceToCwc', '2024-08-01'],
    ]);
    expect(details.rows[1]).toMatchObject({ name: 'Child 5' });
    // The server saved it (id) and its entry came with the pull: counted once.
    const cid = produced.ok ? produced.cid : '';
    await currentDb().entity('cwcProduce').update(cid, { id: 77, _sync: 'synced' });
    await currentDb()
      .entity('history')
      .put(entry(500, 'produceToCwc', '2024-08-01', 5));
    expect(await cwcRows()).toHaveLength(2);
    expect((await deviceReportDetails(cwc, 1)).pagination.total).toBe(2);
  });

  it("the dashboard's trends count the last 12 months of arrivals and entries, and follow an edit", async () => {
    const now = new Date('2025-01-15T00:00:00Z');
    const trends = await dashboardTrends(12, now);
    // Feb 2024 .. Jan 2025. Education is on odd months (Jan, Mar, May three times; Jul, Sep,
    // Nov twice), medical on even ones; the children arrived in months 1-9 of 2024.
    expect(trends.school_going).toEqual([0, 3, 0, 3, 0, 2, 0, 2, 0, 2, 0, 0]);
    expect(trends.medical_support).toEqual([3, 0, 3, 0, 3, 0, 2, 0, 2, 0, 2, 0]);
    expect(trends.children_supported).toEqual([2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    await currentDb()
      .entity('history')
      .put(entry(500, 'education', '2025-01-02', 6));
    expect((await dashboardTrends(12, now)).school_going!.at(-1)).toBe(1);
  });

  it("the dashboard's meals trend counts the children fed by month, follows writes and reads the meals whole once", async () => {
    const now = new Date('2025-01-15T00:00:00Z');
    const db = currentDb();
    const meal = (id: number, day: string, fed: number) => ({
      cid: serverCid(id),
      id,
      meal_date: day,
      child_count: fed,
      center_id: 1,
      _sync: 'synced' as const,
      _base: null,
    });
    await db.entity('meals').bulkPut([meal(1, '2024-12-03', 10), meal(2, '2024-12-20', 5), meal(3, '2025-01-02', 7)]);
    expect((await dashboardTrends(12, now)).meals_distributed!.slice(-2)).toEqual([15, 7]);
    const fullReads = db.mealFacts.fullReads;
    // A pull page of meals: one changed, one new, one removed.
    await db.entity('meals').bulkPut([meal(2, '2024-12-20', 8), meal(4, '2025-01-09', 3)]);
    await db.entity('meals').delete(serverCid(3));
    expect((await dashboardTrends(12, now)).meals_distributed!.slice(-2)).toEqual([18, 3]);
    expect(db.mealFacts.fullReads).toBe(fullReads);
  });

  it("registered beneficiaries are each child's latest entry of the service, paged", async () => {
    // Education entries belong to the odd children, each child's in one month (child 11: Nov).
    const page = await listRegisteredBeneficiaries('education', {}, 1, 4);
    expect(page.pagination.total).toBe(6);
    expect(page.rows.map((r) => r.childregId)).toEqual([11, 9, 7, 5]);
    expect(page.rows[0]!.child).toMatchObject({ name: 'Child 11' });
    expect(page.rows[0]!.transfer_date).toBe('2024-11-10');
    expect((await listRegisteredBeneficiaries('education', {}, 2, 4)).rows.map((r) => r.childregId)).toEqual([3, 1]);
    expect((await listRegisteredBeneficiaries('education', { centerId: 3 })).rows.map((r) => r.childregId)).toEqual([
      7, 1,
    ]);
    await currentDb()
      .entity('history')
      .bulkDelete([serverCid(11), serverCid(23)]);
    const after = await listRegisteredBeneficiaries('education', {}, 1, 4);
    expect(after.pagination.total).toBe(5);
    expect(after.rows.map((r) => r.childregId)).toEqual([9, 7, 5, 3]);
  });
});
