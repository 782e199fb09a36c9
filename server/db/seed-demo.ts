import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { INDIA_ID } from './lookups';
import { addDays, createRandom, daysBetween, isoDay, type Random } from './random';
import { financialYearOf, yearEarlier } from '../../sync/contract';
import { childHistory, children, districts, meals, notifications, previousBalances, states, tags } from './schema';
import { CENTER_TYPE } from './seed-data';
import * as pool from './seed-names';

/*
 * Demo children with realistic history. Everything is drawn from one seeded PRNG so two
 * machines seeded the same day get the same rows; dates are relative to today so the
 * demo always looks current (arrivals over the past three years, history after arrival).
 */

type SeedCenter = { id: number; prefix: string; centertypeId: number; name: string };
type ChildRow = typeof children.$inferInsert;
type HistoryRow = typeof childHistory.$inferInsert;

const CHILD_COUNT = 300;

/** Document tags a shelter files (a fresh install needs some before any document row can be filled). */
export const DEMO_TAGS = [
  'Aadhar Card',
  'Birth Certificate',
  'School Certificate',
  'Medical Report',
  'CWC Order',
  'Ration Card',
  'Police Report',
  'Audio Statement',
];
const CHUNK = 200;

async function sourcePlaces(db: Db) {
  const stateRows = await db
    .select({ id: states.id, name: states.name })
    .from(states)
    .where(and(eq(states.country_id, INDIA_ID), inArray(states.name, pool.sourceStates)));
  const districtRows = await db
    .select({ id: districts.id, name: districts.name, state_id: districts.state_id })
    .from(districts)
    .where(
      inArray(
        districts.state_id,
        stateRows.map((s) => s.id),
      ),
    );
  // Keep the order of pool.sourceStates so the most common source states stay most common.
  return pool.sourceStates
    .map((name) => stateRows.find((s) => s.name === name))
    .filter((s): s is { id: number; name: string } => Boolean(s))
    .map((s) => ({ ...s, districts: districtRows.filter((d) => d.state_id === s.id) }))
    .filter((s) => s.districts.length > 0);
}

function makeChild(
  rnd: Random,
  center: SeedCenter,
  serial: number,
  arrival: Date,
  place: Awaited<ReturnType<typeof sourcePlaces>>[number],
  createdBy: number,
): ChildRow {
  const gender = center.name.includes('Girls')
    ? 'Female'
    : center.name.includes('Boys')
      ? 'Male'
      : rnd.chance(0.68)
        ? 'Male'
        : 'Female';
  const first = gender === 'Male' ? rnd.pick(pool.boyNames) : rnd.pick(pool.girlNames);
  const surname = rnd.pick(pool.surnames);
  const age = rnd.int(6, 17);
  const district = rnd.pick(place.districts);
  const referredBy = rnd.pick(['refer', 'produce', 'produce', 'action_pending'] as const);
  const reference = rnd.pick(pool.referenceTypes);
  const police = reference === 'Police';
  return {
    name: `${first} ${surname}`,
    gender,
    dateofarrival: isoDay(arrival),
    uniqueId: `${center.prefix}/${serial}`,
    cwccaseno: referredBy === 'action_pending' ? null : `CWC/${arrival.getUTCFullYear()}/${rnd.int(100, 9999)}`,
    centerdetailId: center.id,
    family_touch: rnd.chance(0.6) ? 'yes' : 'no',
    f_name: `${rnd.pick(pool.boyNames)} ${surname}`,
    m_name: `${rnd.pick(pool.girlNames)} Devi`,
    occupation: rnd.pick(pool.occupations),
    income: String(rnd.int(3, 15) * 1000),
    no_sibling: String(rnd.int(0, 5)),
    age: String(age),
    dob: isoDay(addDays(arrival, -age * 365 - rnd.int(0, 364))),
    caste: rnd.pick(pool.castes),
    address: `Village ${rnd.pick(['Rampur', 'Sonpur', 'Chandpur', 'Bishunpur', 'Madhopur', 'Lalganj'])}, ${district.name}`,
    countryId: INDIA_ID,
    stateId: place.id,
    district: district.id,
    pincode: String(rnd.int(110001, 855117)),
    mobileno: rnd.chance(0.7) ? `${rnd.int(6, 9)}${rnd.digits(9)}` : null,
    phoneno: rnd.chance(0.2) ? `${rnd.int(6, 9)}${rnd.digits(9)}` : null,
    aadharno: rnd.chance(0.45) ? `${rnd.int(2, 9)}${rnd.digits(11)}` : null,
    educationbefore: rnd.pick(pool.educationBefore),
    ReferredBy: referredBy,
    case_type: rnd.pickSkewed(pool.caseTypes),
    short_stay_status: 'no',
    status_of_beneficiaries: 'registered',
    period_street: `${rnd.int(1, 24)} months`,
    occupation_on_street: rnd.pick(pool.streetOccupations),
    contacted_through_referred_found: reference,
    reference_type: reference,
    // The registration form requires details for these two (contract: referenceTypesNeedingDetails).
    otherref:
      reference === 'Child Helpline'
        ? 'Call to 1098 from the station master'
        : reference === 'Out Reach'
          ? 'Met by the outreach team on the platform'
          : null,
    breif: `Found alone near ${center.name.replace(/ (Contact Point|Open Shelter|Home.*)$/, '')}; counselled and brought to the center.`,
    circumstance_of_rescue: rnd.pick([
      'Found alone at the railway platform',
      'Brought by RPF',
      'Referred by Childline 1098',
      'Came on own after outreach',
    ]),
    daily_report_no: police ? `DD-${rnd.int(10, 99)}A` : null,
    police_produced_by: police ? `HC ${rnd.pick(pool.boyNames)} ${rnd.pick(pool.surnames)}` : null,
    police_station: police
      ? rnd.pick(['Kamla Market', 'Paharganj', 'Nabi Karim', 'Sarai Rohilla', 'Hazrat Nizamuddin'])
      : null,
    produce_cwc: referredBy === 'produce' ? 1 : 0,
    refer_cwc: referredBy === 'refer' ? 1 : 0,
    created_by: createdBy,
    created_at: arrival,
    updated_at: arrival,
  };
}

/** The history of one child: CWC work first, then services, then maybe an outcome. */
function makeHistory(
  rnd: Random,
  childId: number,
  child: ChildRow,
  centers: SeedCenter[],
  today: Date,
  createdBy: number,
): HistoryRow[] {
  const arrival = new Date(`${child.dateofarrival}T10:00:00Z`);
  const span = Math.max(1, daysBetween(arrival, today));
  let cursor = arrival;
  const rows: HistoryRow[] = [];
  const add = (history_status: string, fields: Partial<HistoryRow> = {}) => {
    const step = Math.max(1, Math.min(rnd.int(3, 60), Math.floor(span / 8)));
    const next = addDays(cursor, step);
    if (next > today) return false;
    cursor = next;
    const day = isoDay(next);
    rows.push({
      childregId: childId,
      centerId: child.centerdetailId,
      history_status,
      transfer_date: day,
      history_date: day,
      comment: fields.comment ?? null,
      created_by: createdBy,
      created_at: next,
      updated_at: next,
      ...fields,
    });
    return true;
  };
  if (child.ReferredBy === 'produce') add('produceToCwc', { comment: 'Produced before the CWC with the GD entry.' });
  if (child.ReferredBy === 'refer') add('referFromCwc', { comment: `Referred by CWC, case ${child.cwccaseno}.` });
  if (rnd.chance(0.55)) {
    const type = rnd.pick(pool.educationTypes);
    add('education', {
      education_type: type,
      education_level: type === 'formal_school' ? rnd.pick(pool.educationLevels.slice(0, 10)) : null,
      comment: 'Enrolled.',
    });
  }
  if (rnd.chance(0.4))
    add('medical_issue', { medical_issues: rnd.pick(pool.medicalIssues), comment: 'Checked at the civil hospital.' });
  if (rnd.chance(0.3))
    add('mhp', {
      mhp: rnd.pick(pool.mhpOptions),
      session_number: `session_${rnd.int(1, 12)}`,
      comment: 'Session held.',
    });
  const outcome = rnd.next();
  if (outcome < 0.3) {
    const restored = add('restoration', {
      restoration_method: rnd.pick(['byvisit', 'bytelephone']),
      restore_to: rnd.pick(['Parents', 'Mother', 'Father', 'Grandparents', 'Uncle']),
      restore_to_address: child.address,
      comment: 'Restored to family after home verification.',
    });
    if (restored && rnd.chance(0.5))
      add('follow_up', {
        restoration_method: rnd.pick(['bytelephone', 'byvisit', 'byemail']),
        comment: 'Child is at home and attending school.',
      });
  } else if (outcome < 0.4) {
    const others = centers.filter((c) => c.id !== child.centerdetailId && c.centertypeId !== CENTER_TYPE.childHelpLine);
    const to = rnd.pick(others);
    add('transfer', { centerId: to.id, comment: `Transferred to ${to.name}.` });
  } else if (outcome < 0.48) {
    add('run_away', { exit_type: 'exit', comment: 'Left the center without informing staff; police informed.' });
  } else if (outcome < 0.53) {
    add('dropout', { exit_type: 'exit', comment: 'Stopped coming to the contact point.' });
  }
  return rows;
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function seedDemoRecords(db: Db, centers: SeedCenter[], createdBy: number, userIds: number[]) {
  await db.insert(tags).values(DEMO_TAGS.map((name) => ({ name })));
  const rnd = createRandom(20_240_601);
  const today = new Date();
  const places = await sourcePlaces(db);
  const childCenters = centers.filter((c) => c.id !== 1);
  const serials = new Map<number, number>();
  const childRows: ChildRow[] = [];
  for (let i = 0; i < CHILD_COUNT; i++) {
    const center = rnd.pick(childCenters);
    const serial = (serials.get(center.id) ?? 0) + 1;
    serials.set(center.id, serial);
    const arrival = addDays(today, -rnd.int(1, 3 * 365));
    childRows.push(makeChild(rnd, center, serial, arrival, rnd.pickSkewed(places), createdBy));
  }
  childRows.sort((a, b) => String(a.dateofarrival).localeCompare(String(b.dateofarrival)));
  const ids: number[] = [];
  await insertChunks(childRows, async (chunk) => {
    const inserted = await db.insert(children).values(chunk).returning({ id: children.id });
    ids.push(...inserted.map((r) => r.id));
  });
  const historyRows = childRows.flatMap((child, i) => makeHistory(rnd, ids[i], child, centers, today, createdBy));
  await insertChunks(historyRows, (chunk) => db.insert(childHistory).values(chunk));

  // Meals: a year at every center that cooks (shelters and homes), 3 meals a day and a
  // dinner on most days; their own random stream, so the other demo rows stay as they were.
  const mealRnd = createRandom(20_250_401);
  const mealRows: (typeof meals.$inferInsert)[] = [];
  for (const center of centers.filter(
    (c) => c.centertypeId === CENTER_TYPE.openShelter || c.centertypeId === CENTER_TYPE.home,
  )) {
    for (let d = 1; d <= 365; d++) {
      for (const mealType of mealRnd.chance(0.7) ? [1, 2, 3, 4] : [1, 2, 3]) {
        mealRows.push({
          center_id: center.id,
          meal_date: isoDay(addDays(today, -d)),
          child_count: mealRnd.int(15, 45),
          meal_type: mealType,
        });
      }
    }
  }
  await insertChunks(mealRows, (chunk) => db.insert(meals).values(chunk));

  // Previous balances: the children each center carried into this financial year and the last.
  const year = financialYearOf(isoDay(today));
  const balanceRows = childCenters.flatMap((center) =>
    [year.from, yearEarlier(year.from)].map((activity_date) => ({
      centerId: center.id,
      activity_date,
      comment: 'Children carried over from the previous year.',
      male: mealRnd.int(5, 40),
      female: mealRnd.int(3, 30),
      created_by: createdBy,
    })),
  );
  await db.insert(previousBalances).values(balanceRows);

  // Unread notifications about the latest arrival of each center (one read), newest minutes ago.
  const latestPerCenter = childCenters
    .map((center) => {
      const index = childRows.findLastIndex((child) => child.centerdetailId === center.id);
      return index < 0 ? null : { child: childRows[index], id: ids[index] };
    })
    .filter((entry) => entry !== null);
  await db.insert(notifications).values(
    latestPerCenter.map(({ child, id }, i) => ({
      childregId: id,
      centerId: child.centerdetailId,
      user_id: rnd.pick(userIds),
      comment: `New child registered: ${child.name} (${child.uniqueId}).`,
      created_at: new Date(today.getTime() - (i + 1) * 37 * 60 * 1000),
      read_at: i === latestPerCenter.length - 1 ? today : null,
    })),
  );
  return {
    children: childRows.length,
    history: historyRows.length,
    meals: mealRows.length,
    balances: balanceRows.length,
  };
}
