import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { centers, users } from './schema-core';

/*
 * Children, their history, meals and notifications (spec part 1 section 3, part 2).
 * Form fields that the spec lets through as typed digits (age, income, pincode…) stay
 * text: the contract's schemas decide what is valid, the database keeps what was sent.
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

export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    // Identity and registration
    name: text('name').notNull(),
    gender: text('gender'),
    dateofarrival: day('dateofarrival'),
    image: text('image'),
    uniqueId: text('unique_id'),
    cwccaseno: text('cwccaseno'),
    centerdetailId: integer('centerdetail_id')
      .notNull()
      .references(() => centers.id),
    // Family
    family_touch: text('family_touch'),
    f_name: text('f_name'),
    m_name: text('m_name'),
    occupation: text('occupation'),
    income: text('income'),
    no_sibling: text('no_sibling'),
    age: text('age'),
    dob: day('dob'),
    caste: text('caste'),
    // Location
    address: text('address'),
    countryId: integer('country_id').default(101),
    stateId: integer('state_id'),
    cityId: integer('city_id'),
    district: integer('district_id'),
    pincode: text('pincode'),
    // Contact and identity
    mobileno: text('mobileno'),
    phoneno: text('phoneno'),
    aadharno: text('aadharno'),
    educationbefore: text('educationbefore'),
    // Case
    ReferredBy: text('referred_by'),
    case_type: text('case_type'),
    short_stay_status: text('short_stay_status'),
    short_stay: text('short_stay'),
    status_of_beneficiaries: text('status_of_beneficiaries'),
    period_street: text('period_street'),
    occupation_on_street: text('occupation_on_street'),
    contacted_through_referred_found: text('contacted_through_referred_found'),
    action_data: text('action_data'),
    // Reference block
    reference_type: text('reference_type'),
    otherref: text('otherref'),
    breif: text('breif'),
    circumstance_of_rescue: text('circumstance_of_rescue'),
    comments: text('comments'),
    jamatalashi: text('jamatalashi'),
    daily_report_no: text('daily_report_no'),
    police_produced_by: text('police_produced_by'),
    police_station: text('police_station'),
    reference_type_other: text('reference_type_other'),
    // CWC flags, 1/0
    produce_cwc: smallint('produce_cwc').notNull().default(0),
    refer_cwc: smallint('refer_cwc').notNull().default(0),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    // The list's center filter and its newest-first page (spec part 1 section 3).
    index('children_center_idx').on(t.centerdetailId, t.id),
    // The list's center, gender and arrival dates filter, and its total (migration 0014).
    index('children_center_gender_arrival_idx')
      .on(t.centerdetailId, t.gender, t.dateofarrival)
      .where(sql`${t.deleted_at} is null`),
    index('children_updated_idx').on(t.updated_at, t.id),
    // Tombstones: delta pulls ask for the ids deleted after a cursor.
    index('children_deleted_idx').on(t.deleted_at),
  ],
);

export const childHistory = pgTable(
  'child_history',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id')
      .notNull()
      .references(() => children.id),
    centerId: integer('center_id').references(() => centers.id),
    history_status: text('history_status').notNull(),
    transfer_date: day('transfer_date'),
    history_date: day('history_date'),
    restoration_method: text('restoration_method'),
    restore_to: text('restore_to'),
    restore_to_address: text('restore_to_address'),
    comment: text('comment'),
    exit_type: text('exit_type'),
    session_number: text('session_number'),
    medical_issues: text('medical_issues'),
    education_type: text('education_type'),
    education_level: text('education_level'),
    mhp: text('mhp'),
    other: text('other'),
    social_protection_scheme: text('social_protection_scheme'),
    created_by: integer('created_by').references(() => users.id),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('child_history_child_idx').on(t.childregId),
    // A child's newest live entry (its Present Status, migration 0013) in one probe.
    index('child_history_newest_idx')
      .on(t.childregId, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} is null`),
    index('child_history_status_idx').on(t.history_status),
    index('child_history_exit_list_idx').on(t.history_status, t.transfer_date),
    index('child_history_updated_idx').on(t.updated_at, t.id),
    index('child_history_deleted_idx').on(t.deleted_at),
  ],
);

/*
 * Each child's Present Status (spec part 1 section 3: the status of its newest live history
 * entry, as sync/contract/rules/last-status.ts folds it), kept by triggers on child_history
 * (migration 0013) so the child list's Present Status filter reads an index instead of
 * finding every child's newest entry. Not pulled: the devices fold last_status themselves.
 */
export const childPresentStatus = pgTable(
  'child_present_status',
  {
    childregId: integer('childreg_id').primaryKey(),
    history_status: text('history_status').notNull(),
  },
  (t) => [index('child_present_status_idx').on(t.history_status, t.childregId)],
);

/*
 * Live children by center and Present Status ('' for none), kept by triggers (migration
 * 0014) in the transaction that writes a child or changes its Present Status: the child
 * list's total (spec part 1 section 3) for a page filtered by nothing but center and
 * Present Status, without counting 20,000 rows per request.
 */
export const childListCounts = pgTable(
  'child_list_counts',
  {
    centerId: integer('center_id').notNull(),
    history_status: text('history_status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.centerId, t.history_status] })],
);

export const meals = pgTable(
  'meals',
  {
    id: serial('id').primaryKey(),
    center_id: integer('center_id')
      .notNull()
      .references(() => centers.id),
    meal_date: day('meal_date').notNull(),
    child_count: integer('child_count').notNull(),
    meal_type: smallint('meal_type').notNull(),
    created_at: created(),
    updated_at: updated(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('meals_center_idx').on(t.center_id),
    index('meals_updated_idx').on(t.updated_at, t.id),
    index('meals_date_idx').on(t.meal_date),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    childregId: integer('childreg_id').references(() => children.id),
    centerId: integer('center_id')
      .notNull()
      .references(() => centers.id),
    user_id: integer('user_id').references(() => users.id),
    // Who it is for (part 2 lists): one row per reader, so each reader marks its own as read.
    recipient_id: integer('recipient_id').references(() => users.id),
    comment: text('comment'),
    read_at: ts('read_at'),
    created_at: created(),
    updated_at: updated(),
  },
  (t) => [
    index('notifications_center_idx').on(t.centerId, t.read_at),
    index('notifications_recipient_idx').on(t.recipient_id, t.read_at),
    index('notifications_updated_idx').on(t.updated_at, t.id),
  ],
);

/**
 * The last serial of each center's case ids (`CHL/41`). A count of the center's children
 * would repeat an id once a child moves away; a serial only ever grows.
 */
export const childSerials = pgTable('child_serials', {
  center_id: integer('center_id')
    .primaryKey()
    .references(() => centers.id, { onDelete: 'cascade' }),
  last_serial: integer('last_serial').notNull(),
});
