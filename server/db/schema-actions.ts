import { date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { centers, users } from './schema-core';
import { childHistory, children } from './schema-children';

/*
 * Per-child actions' companions (spec part 1 sections 3, 4 and 7): the activity
 * log, documents (of a child, of a history entry, of a CWC record) and the CWC produce and
 * refer records. The action entries themselves are rows of child_history. Every table is
 * pulled by delta (updated_at, id) and soft-deleted, like children and their history.
 */

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () =>
  ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const day = (name: string) => date(name, { mode: 'string' });

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id')
      .notNull()
      .references(() => children.id),
    centerId: integer('center_id').references(() => centers.id),
    activity: text('activity').notNull(),
    comment: text('comment'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('activity_logs_child_idx').on(t.childregId),
    index('activity_logs_updated_idx').on(t.updated_at, t.id),
    index('activity_logs_deleted_idx').on(t.deleted_at),
  ],
);

export const cwcProduce = pgTable(
  'cwc_produce',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id').references(() => children.id),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    transfer_date: day('transfer_date').notNull(),
    comment: text('comment'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('cwc_produce_center_idx').on(t.centerId, t.transfer_date),
    index('cwc_produce_updated_idx').on(t.updated_at, t.id),
    index('cwc_produce_deleted_idx').on(t.deleted_at),
  ],
);

export const cwcRefer = pgTable(
  'cwc_refer',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id').references(() => children.id),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    cwccaseno: text('cwccaseno'),
    transfer_date: day('transfer_date').notNull(),
    comment: text('comment'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('cwc_refer_center_idx').on(t.centerId, t.transfer_date),
    index('cwc_refer_updated_idx').on(t.updated_at, t.id),
    index('cwc_refer_deleted_idx').on(t.deleted_at),
  ],
);

export const childDocuments = pgTable(
  'child_documents',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id').references(() => children.id),
    historyId: integer('history_id').references(() => childHistory.id),
    cwcProduceId: integer('cwc_produce_id').references(() => cwcProduce.id),
    cwcReferId: integer('cwc_refer_id').references(() => cwcRefer.id),
    // Tags are managed by the tags screens; a document keeps the id it was filed under.
    tagId: integer('tag_id'),
    doc_date: day('doc_date'),
    filename: text('filename'),
    profile_audio_name: text('profile_audio_name'),
    comment: text('comment'),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('child_documents_child_idx').on(t.childregId),
    index('child_documents_history_idx').on(t.historyId),
    index('child_documents_produce_idx').on(t.cwcProduceId),
    index('child_documents_refer_idx').on(t.cwcReferId),
    index('child_documents_updated_idx').on(t.updated_at, t.id),
    index('child_documents_deleted_idx').on(t.deleted_at),
  ],
);
