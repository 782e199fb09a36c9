import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { centers, users } from './schema-core';

/*
 * Previous balances (spec part 2 sections 2, 3, 5): boys and girls carried into a center
 * on a date; the group report's previous balance row and the report's previousyeardata.
 */

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });

export const previousBalances = pgTable(
  'previous_balances',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    activity_date: date('activity_date', { mode: 'string' }).notNull(),
    comment: text('comment').notNull(),
    male: integer('male').notNull().default(0),
    female: integer('female').notNull().default(0),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('previous_balances_center_idx').on(t.centerId, t.activity_date),
    index('previous_balances_updated_idx').on(t.updated_at, t.id),
  ],
);

/*
 * The report counts kept as they change (sync/contract/rules/report.ts, part 2 section 3):
 * live entries of live children per child's center (sync/SPEC.md, R20), activity day, category
 * and gender. Triggers on child_history and children keep it (migrations 0008 and 0010: a
 * child who moves takes its entries' counts along); reports sum it instead of
 * joining every entry. report_status_category is the contract's status → category rule,
 * written at every start (server/reports/summary.ts), which rebuilds the counts when it changed.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    centerId: integer('center_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    gender: text('gender').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.centerId, t.day, t.category, t.gender] }), index('report_daily_day_idx').on(t.day)],
);

export const reportStatusCategory = pgTable('report_status_category', {
  status: text('status').primaryKey(),
  category: text('category').notNull(),
});
