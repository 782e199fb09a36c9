import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { messages } from '../../sync/contract';
import { ensureCitiesOfState } from '../db/lookups';
import { cities, countries, districts, states } from '../db/schema';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok } from '../core/http';

/** GET /api/country, /api/state/:countryId, /api/city/:stateId, /api/districts/:stateId. */
export function registerLookupRoutes(api: Hono<AppEnv>) {
  api.get('/country', async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ id: countries.id, name: countries.name, iso2: countries.iso2, phonecode: countries.phonecode })
      .from(countries)
      .orderBy(asc(countries.name));
    return ok(c, rows);
  });

  api.get('/state/:countryId', async (c) => {
    const countryId = idParam(c.req.param('countryId'));
    if (countryId === null) return fail(c, 404, messages.notFound);
    const rows = await c
      .get('deps')
      .db.select({ id: states.id, name: states.name, country_id: states.country_id, iso2: states.iso2 })
      .from(states)
      .where(eq(states.country_id, countryId))
      .orderBy(asc(states.name));
    return ok(c, rows);
  });

  api.get('/city/:stateId', async (c) => {
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
  });

  api.get('/districts/:stateId', async (c) => {
    const stateId = idParam(c.req.param('stateId'));
    if (stateId === null) return fail(c, 404, messages.notFound);
    const rows = await c
      .get('deps')
      .db.select({ id: districts.id, name: districts.name, state_id: districts.state_id })
      .from(districts)
      .where(eq(districts.state_id, stateId))
      .orderBy(asc(districts.name));
    return ok(c, rows);
  });
}
