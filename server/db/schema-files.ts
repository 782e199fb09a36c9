import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Uploaded files kept in the database (server/files/database-store.ts), so that every API
 * process on one PostgreSQL serves every photo, document and audio. The key is the path the
 * file had under DATA_DIR/uploads (`children/<name>`); PostgreSQL keeps the content out of
 * line (TOAST), so a row is cheap to find by its key.
 */

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const files = pgTable('files', {
  key: text('key').primaryKey(),
  content: bytes('content').notNull(),
  created_at: timestamp('created_at', { precision: 3, withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
