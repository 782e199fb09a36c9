import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import { fail, ok } from '../core/http';
import { serverMessages } from '../core/messages';

/**
 * GET /api/health, for a load balancer (README, Deployment): 200 when this process's
 * database answers `select 1`, 503 when it refuses, so the balancer stops sending requests
 * this process cannot serve. A database that does not answer at all is left to the
 * balancer's own check timeout. No token, and nothing about children or users: the answer
 * says only whether the process is up.
 */
export async function health(c: Context<AppEnv>) {
  try {
    await c.get('deps').db.execute(sql`select 1`);
  } catch {
    return fail(c, 503, serverMessages.databaseUnavailable);
  }
  return ok(c, { status: 'ok' });
}
