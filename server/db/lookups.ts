import { getCitiesOfState, getCountries, getStatesOfCountry } from '@countrystatecity/countries';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getAllStatesWithDistricts } from 'india-state-district';
import type { Db } from './client';
import { cities, countries, districts, states } from './schema';

/*
 * Countries, states and cities come from @countrystatecity/countries (the dr5hn data
 * set, whose ids the original app used: India is 101). Indian districts come from
 * india-state-district and are matched onto the dr5hn states by name (all 36 states and
 * union territories match). Countries (250) and states (~5,300) are copied at first
 * start; cities (~150,000) are copied one state at a time on first request.
 */

export const INDIA_ID = 101;
const CHUNK = 1000;

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Copies countries, states and Indian districts once; later calls do nothing. */
export async function seedLookups(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(countries);
  if ((existing?.n ?? 0) > 0) return;
  const countryList = await getCountries();
  const stateRows: (typeof states.$inferInsert)[] = [];
  for (const country of countryList) {
    for (const state of await getStatesOfCountry(country.iso2)) {
      stateRows.push({ id: state.id, name: state.name, country_id: country.id, iso2: state.iso2 });
    }
  }
  const indianStates = stateRows.filter((s) => s.country_id === INDIA_ID);
  const districtRows: (typeof districts.$inferInsert)[] = [];
  for (const entry of getAllStatesWithDistricts()) {
    const state = indianStates.find((s) => normalise(s.name) === normalise(entry.name));
    if (!state) continue;
    const names = new Set(entry.districts.map((d) => d.trim()).filter(Boolean));
    for (const name of [...names].sort()) districtRows.push({ name, state_id: state.id });
  }
  await db.transaction(async (tx) => {
    await insertChunked(
      countryList.map((c) => ({ id: c.id, name: c.name, iso2: c.iso2, iso3: c.iso3, phonecode: c.phonecode })),
      (chunk) => tx.insert(countries).values(chunk).onConflictDoNothing(),
    );
    await insertChunked(stateRows, (chunk) => tx.insert(states).values(chunk).onConflictDoNothing());
    await insertChunked(districtRows, (chunk) => tx.insert(districts).values(chunk).onConflictDoNothing());
  });
}

/**
 * Makes sure a state's cities are in the table. Idempotent and safe with concurrent
 * processes: inserts ignore duplicates and the flag is set only after the copy.
 */
export async function ensureCitiesOfState(db: Db, stateId: number): Promise<void> {
  const [state] = await db
    .select({ id: states.id, iso2: states.iso2, country: countries.iso2, loaded: states.cities_loaded_at })
    .from(states)
    .innerJoin(countries, eq(states.country_id, countries.id))
    .where(eq(states.id, stateId))
    .limit(1);
  if (!state || state.loaded || !state.iso2 || !state.country) return;
  const list = await getCitiesOfState(state.country, state.iso2);
  const rows = list
    .filter((city) => city.state_id === stateId)
    .map((city) => ({ id: city.id, name: city.name, state_id: stateId, country_id: city.country_id }));
  await db.transaction(async (tx) => {
    await insertChunked(rows, (chunk) => tx.insert(cities).values(chunk).onConflictDoNothing());
    await tx
      .update(states)
      .set({ cities_loaded_at: new Date() })
      .where(and(eq(states.id, stateId), isNull(states.cities_loaded_at)));
  });
}
