import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGroupReport,
  buildReport,
  countGroupRows,
  countReportRows,
  reportCategories,
  reportPeriods,
  reportRowsFrom,
  type GroupReportAnswer,
  type ReportAnswer,
} from '../../sync/contract';
import { centers, childHistory, children } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { keptAndFreshCounts } from './report-counts';

/*
 * DESIGN, Part 2 notes: the device computes the report with the contract's rule over the
 * rows it holds (reportRowsFrom + countReportRows), the server in SQL. For random
 * children, histories and ranges, both must give identical reports and group reports.
 */

const RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const statuses = [...reportCategories.flatMap((c) => c.statuses), 'registration', 'unknown_status'];
const genders = ['Male', 'Female', 'male', ' FEMALE ', 'Other', null];

const day = fc
  .record({
    y: fc.integer({ min: 2016, max: 2027 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(
    ({ y, m, d }) =>
      `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate())).padStart(2, '0')}`,
  );
const dayOrNull = fc.option(day, { nil: null });

describe.each(databaseKinds)('report: device = server (property, %s)', (kind) => {
  let h: Harness;
  let token: string;
  let centerIds: number[];

  beforeAll(async () => {
    h = await createHarness(kind, {
      demo: false,
      adminEmail: 'root@report.test',
      adminPassword: 'report-property-1',
    });
    token = await h.login('root@report.test', 'report-property-1');
    const existing = await h.db.select({ id: centers.id }).from(centers);
    const added = await h.db
      .insert(centers)
      .values([1, 2, 3].map((i) => ({ centertypeId: 2, name: `Property center ${i}`, prefix: `P${i}` })))
      .returning({ id: centers.id });
    centerIds = [...existing.map((c) => c.id), ...added.map((c) => c.id)];
  });
  afterAll(() => h?.close());

  it('reports and groupReport2 equal the contract rule over the same rows', async () => {
    // One row in five deleted, so that most runs have entries that count.
    const deleted = fc.nat(4).map((n) => n === 0);
    const child = fc.record({ gender: fc.constantFrom(...genders), center: fc.nat(), deleted });
    const entry = fc.record({
      child: fc.nat(),
      status: fc.constantFrom(...statuses),
      transfer_date: dayOrNull,
      history_date: dayOrNull,
      center: fc.option(fc.nat(), { nil: null }),
      deleted,
    });
    // Changes after the rows are written: the kept counts (report_daily) follow each one.
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('child' as const),
        at: fc.nat(),
        gender: fc.option(fc.constantFrom(...genders), { nil: undefined }),
        center: fc.option(fc.nat(), { nil: undefined }),
        deleted: fc.option(fc.boolean(), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constant('entry' as const),
        at: fc.nat(),
        status: fc.option(fc.constantFrom(...statuses), { nil: undefined }),
        transfer_date: fc.option(dayOrNull, { nil: undefined }),
        center: fc.option(fc.option(fc.nat(), { nil: null }), { nil: undefined }),
        deleted: fc.option(fc.boolean(), { nil: undefined }),
        removed: fc.boolean(),
      }),
    );
    const range = fc.option(
      fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a])),
      { nil: null },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(child, { minLength: 1, maxLength: 12 }),
        fc.array(entry, { minLength: 5, maxLength: 40 }),
        range,
        fc.option(fc.nat(), { nil: null }),
        fc.array(change, { maxLength: 8 }),
        async (kids, entries, dates, centerPick, changes) => {
          await h.db.delete(childHistory);
          await h.db.delete(children);
          const pickCenter = (n: number) => centerIds[n % centerIds.length];
          const childRows = await h.db
            .insert(children)
            .values(
              kids.map((k, i) => ({
                name: `Child ${i}`,
                gender: k.gender,
                centerdetailId: pickCenter(k.center),
                deleted_at: k.deleted ? new Date() : null,
              })),
            )
            .returning();
          if (entries.length > 0) {
            await h.db.insert(childHistory).values(
              entries.map((e) => ({
                childregId: childRows[e.child % childRows.length].id,
                history_status: e.status,
                transfer_date: e.transfer_date,
                history_date: e.history_date,
                centerId: e.center === null ? null : pickCenter(e.center),
                deleted_at: e.deleted ? new Date() : null,
              })),
            );
          }
          for (const c of changes) {
            if (c.kind === 'child') {
              const target = childRows[c.at % childRows.length];
              await h.db
                .update(children)
                .set({
                  gender: c.gender,
                  centerdetailId: c.center === undefined ? undefined : pickCenter(c.center),
                  deleted_at: c.deleted === undefined ? undefined : c.deleted ? new Date() : null,
                })
                .where(eq(children.id, target.id));
              continue;
            }
            const written = await h.db.select({ id: childHistory.id }).from(childHistory).orderBy(childHistory.id);
            if (written.length === 0) continue;
            const target = written[c.at % written.length];
            if (c.removed) {
              await h.db.delete(childHistory).where(eq(childHistory.id, target.id));
              continue;
            }
            await h.db
              .update(childHistory)
              .set({
                history_status: c.status,
                transfer_date: c.transfer_date,
                centerId: c.center === undefined ? undefined : c.center === null ? null : pickCenter(c.center),
                deleted_at: c.deleted === undefined ? undefined : c.deleted ? new Date() : null,
              })
              .where(eq(childHistory.id, target.id));
          }
          // The kept counts are what the entries give when counted from scratch.
          const { kept, fresh } = await keptAndFreshCounts(h.db);
          expect(kept).toEqual(fresh);
          // What the device holds: the same rows (its pulls carry these fields).
          const deviceChildren = await h.db.select().from(children);
          const deviceHistory = await h.db.select().from(childHistory);
          const rows = reportRowsFrom(deviceChildren, deviceHistory);
          const centerId = centerPick === null ? null : pickCenter(centerPick);
          const body = { centerId, from_date: dates?.[0] ?? null, to_date: dates?.[1] ?? null };
          const today = new Date().toISOString().slice(0, 10);
          const p = reportPeriods(body.from_date, body.to_date, today);

          const server = await json<{ data: ReportAnswer }>(
            await h.request('/api/reports', { method: 'POST', token, json: body }),
          );
          const [named] =
            centerId === null
              ? []
              : await h.db
                  .select({ name: centers.name })
                  .from(centers)
                  .where(sql`${centers.id} = ${centerId}`);
          const device = buildReport(countReportRows(rows, p, centerId), p, {
            centerId,
            center_name: named?.name ?? null,
            balance: { male: 0, female: 0 },
          });
          expect(server.data).toEqual(device);
          if (centerId !== null) {
            // A center-bound device holds only the children now at its center and their
            // entries (R18); its offline report of that center is the server's (R20).
            const held = reportRowsFrom(
              deviceChildren.filter((c) => c.centerdetailId === centerId),
              deviceHistory,
            );
            const heldReport = buildReport(countReportRows(held, p, centerId), p, {
              centerId,
              center_name: named?.name ?? null,
              balance: { male: 0, female: 0 },
            });
            expect(server.data).toEqual(heldReport);
          }

          const group = await json<{ data: GroupReportAnswer }>(
            await h.request('/api/group_report2', { method: 'POST', token, json: body }),
          );
          const shown = (
            await h.db.select({ id: centers.id, name: centers.name }).from(centers).orderBy(centers.id)
          ).filter((c) => centerId === null || c.id === centerId);
          const deviceGroup = buildGroupReport(
            countGroupRows(
              rows.filter((r) => centerId === null || r.centerId === centerId),
              p,
            ),
            p,
            shown,
            new Map(),
          );
          expect(group.data).toEqual(deviceGroup);
        },
      ),
      { numRuns: RUNS, seed: 20261123 },
    );
  });
});
