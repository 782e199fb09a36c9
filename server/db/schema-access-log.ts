import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-core';

/*
 * The access log (sync/contract/entities/access-log.ts; DESIGN.md, Access log): append-only
 * (a trigger refuses UPDATE, DELETE and TRUNCATE but for the retention job, migration
 * 0014), each row carrying the hash of the row before it (server/access-log/chain.ts), so a
 * removed or altered row breaks the chain the check command walks. `key` is the device's id
 * of the entry: a batch sent twice stores each entry once.
 */
const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });

export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    action: text('action').notNull(),
    childIds: integer('child_ids').array().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id'),
    at: ts('at').notNull(),
    offline: boolean('offline').notNull(),
    appVersion: text('app_version'),
    subject: text('subject'),
    receivedAt: ts('received_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('access_log_children_idx').using('gin', t.childIds)],
);
