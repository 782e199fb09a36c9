import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Administration tables (spec part 1 sections 2 and 6) that the core schema lacks. Tags name the document
 * rows of a child (spec part 1, sections 3 and 7); soft-deleted like every synced table so
 * delta pulls can report the tombstone.
 */

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('tags_updated_idx').on(t.updated_at, t.id)],
);
