import { date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { centers, users } from './schema-core';

/*
 * Part 2 lists: social protection schemes (the names the SPS action offers) and
 * non-registered beneficiaries (people served by education, medical or MHP without a
 * registration). Both are pulled by delta (updated_at, id) and soft-deleted.
 */

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () =>
  ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const schemes = pgTable(
  'schemes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('schemes_updated_idx').on(t.updated_at, t.id), index('schemes_deleted_idx').on(t.deleted_at)],
);

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gender: text('gender'),
    age: text('age'),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    service: text('service').notNull(),
    service_date: date('service_date', { mode: 'string' }).notNull(),
    comment: text('comment'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('beneficiaries_service_idx').on(t.service, t.centerId, t.service_date),
    index('beneficiaries_updated_idx').on(t.updated_at, t.id),
    index('beneficiaries_deleted_idx').on(t.deleted_at),
  ],
);

/**
 * A non-registered beneficiary's documents (ours: the "documents"), shaped like a
 * child's (child_documents) without the audio: a tag, a date, the stored file and a
 * comment. Soft-deleted (with the beneficiary, too) so delta pulls report them.
 */
export const beneficiaryDocuments = pgTable(
  'beneficiary_documents',
  {
    id: serial('id').primaryKey(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    // Tags are managed by the tags screens; a document keeps the id it was filed under.
    tagId: integer('tag_id'),
    doc_date: date('doc_date', { mode: 'string' }),
    filename: text('filename').notNull(),
    comment: text('comment'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('beneficiary_documents_beneficiary_idx').on(t.beneficiaryId),
    index('beneficiary_documents_filename_idx').on(t.filename),
    index('beneficiary_documents_updated_idx').on(t.updated_at, t.id),
    index('beneficiary_documents_deleted_idx').on(t.deleted_at),
  ],
);
