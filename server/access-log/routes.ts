import type { Context, Hono } from 'hono';
import { accessLogBatchSchema, wireEndpoints } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { ok, readBody } from '../core/http';
import { checkSchema, invalid } from '../core/validation';
import { appendAccess } from './append';
import { childAccessLog } from './read';

/** POST /access_log (our extension): a device's queued accesses, each stored once by its key, as the signed-in user's. */
async function receiveAccessLog(c: Context<AppEnv>) {
  const checked = checkSchema(accessLogBatchSchema, await readBody(c));
  if (!checked.ok) return invalid(c, checked.issues);
  const user = c.get('user');
  const stored = await appendAccess(
    c.get('deps').db,
    checked.data.entries.map((e) => ({
      key: e.key,
      action: e.action,
      childIds: e.child_ids,
      userId: user.id,
      deviceId: e.device_id,
      at: new Date(e.at),
      offline: e.offline,
      appVersion: e.app_version ?? null,
      subject: e.subject ?? null,
    })),
  );
  return ok(c, { received: checked.data.entries.length, stored });
}

/** The access log (DESIGN.md, Access log), registered from its extension rows. */
export function registerAccessLogRoutes(api: Hono<AppEnv>) {
  const { accessLog, childAccessLog: read } = wireEndpoints;
  api.on(accessLog.method, accessLog.path, receiveAccessLog);
  api.on(read.method, read.path, childAccessLog);
}
