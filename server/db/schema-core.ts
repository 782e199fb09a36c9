import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RolePermissions } from '../../sync/contract';

/*
 * TypeScript keys are the API's field names (centerId, childregId, created_at…) so a
 * selected row is already shaped like the JSON the spec documents; SQL columns are
 * snake_case. Every mutable table carries updated_at, which delta pulls will page on
 * with a keyset over (updated_at, id) — hence the indexes on those two columns.
 */

// Millisecond precision: the sync protocol sends updated_at back as If-Match and as a keyset
// cursor, so the stored value must be exactly what a JS Date (and ISO string) can carry.
const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () =>
  ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const day = (name: string) => date(name, { mode: 'string' });

export const centerTypes = pgTable('center_types', {
  centertypeId: integer('id').primaryKey(),
  centername: text('centername').notNull(),
  created_at: created(),
  updated_at: updated(),
});

export const centers = pgTable(
  'centers',
  {
    id: serial('id').primaryKey(),
    centertypeId: integer('centertype_id')
      .notNull()
      .references(() => centerTypes.centertypeId),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    prefix: text('prefix').notNull(),
    address: text('address'),
    status: smallint('status').notNull().default(1),
    unique_centerId: text('unique_center_id'),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('centers_updated_idx').on(t.updated_at, t.id)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  permissions: jsonb('permissions').$type<RolePermissions | null>(),
  created_at: created(),
  updated_at: updated(),
  deleted_at: ts('deleted_at'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1),
    mobile_number: text('mobile_number'),
    join_date: day('join_date'),
    image: text('image'),
    comment: text('comment'),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  // E-mails are compared case-insensitively: stored lower-case, unique.
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_updated_idx').on(t.updated_at, t.id)],
);

/** Bearer tokens: only the sha256 of the random token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: created(),
    last_used_at: ts('last_used_at'),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.token_hash), index('api_tokens_user_idx').on(t.user_id)],
);

/** Failed logins, kept in the database so any number of API processes share the limit. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    attempted_at: created(),
  },
  (t) => [index('login_attempts_key_idx').on(t.key, t.attempted_at)],
);

/**
 * Stored answers of POSTs sent with an Idempotency-Key. status 0 marks a request still
 * running, so a concurrent duplicate is told to retry instead of executing twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').$type<unknown>(),
    /** SHA-256 of the request body as parsed; a reused key with another body is refused. */
    body_hash: text('body_hash'),
    created_at: created(),
  },
  (t) => [uniqueIndex('idempotency_user_key_unique').on(t.user_id, t.key)],
);

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  iso2: text('iso2'),
  iso3: text('iso3'),
  phonecode: text('phonecode'),
});

export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    iso2: text('iso2'),
    // Cities (150k worldwide) are copied in lazily, one state at a time, on first request.
    cities_loaded_at: ts('cities_loaded_at'),
  },
  (t) => [index('states_country_idx').on(t.country_id)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    state_id: integer('state_id')
      .notNull()
      .references(() => states.id),
    country_id: integer('country_id').notNull(),
  },
  (t) => [index('cities_state_idx').on(t.state_id)],
);

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state_id: integer('state_id')
      .notNull()
      .references(() => states.id),
  },
  (t) => [uniqueIndex('districts_state_name_unique').on(t.state_id, t.name)],
);
