import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { citiesOf, countryList, districtsOf, statesOf } from './places';

/** GET /api/country, /api/state/:countryId, /api/city/:stateId, /api/districts/:stateId. */
export function registerLookupRoutes(api: Hono<AppEnv>) {
  api.get('/country', countryList);
  api.get('/state/:countryId', statesOf);
  api.get('/city/:stateId', citiesOf);
  api.get('/districts/:stateId', districtsOf);
}
