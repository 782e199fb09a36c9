import type { Hono } from 'hono';
import { wireEndpoints } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { health } from './health';

const row = wireEndpoints.health;

/** GET /api/health: public, so it is registered before the bearer check, from its row. */
export function registerHealthRoute(api: Hono<AppEnv>) {
  api.on(row.method, row.path, health);
}
