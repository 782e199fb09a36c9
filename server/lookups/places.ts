import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import { ensureCitiesOfState } from '../db/lookups';
import { cities, countries, districts, states } from '../db/schema';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok } from '../core/http';

export async function countryList(c: Context<AppEnv>) {
  const rows = await c
    .get('deps')
    .db.select({ id: countries.id, name: countries.name, iso2: countries.iso2, phonecode: countries.phonecode })
    .from(countries)
    .orderBy(asc(countries.name));
  return ok(c, rows);
}

export async function statesOf(c: Context<AppEnv>) {
  const countryId = idParam(c.req.param('countryId'));
  if (countryId === null) return fail(c, 404, messages.notFound);
  const rows = await c
    .get('deps')
    .db.select({ id: states.id, name: states.name, country_id: states.country_id, iso2: states.iso2 })
    .from(states)
    .where(eq(states.country_id, countryId))
    .orderBy(asc(states.name));
  return ok(c, rows);
}

export async function citiesOf(c: Context<AppEnv>) {
  const stateId = idParam(c.req.param('stateId'));
  if (stateId === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  await ensureCitiesOfState(db, stateId);
  const rows = await db
    .select({ id: cities.id, name: cities.name, state_id: cities.state_id, country_id: cities.country_id })
    .from(cities)
    .where(eq(cities.state_id, stateId))
    .orderBy(asc(cities.name));
  return ok(c, rows);
}

export async function districtsOf(c: Context<AppEnv>) {
  const stateId = idParam(c.req.param('stateId'));
  if (stateId === null) return fail(c, 404, messages.notFound);
  const rows = await c
    .get('deps')
    .db.select({ id: districts.id, name: districts.name, state_id: districts.state_id })
    .from(districts)
    .where(eq(districts.state_id, stateId))
    .orderBy(asc(districts.name));
  return ok(c, rows);
}
