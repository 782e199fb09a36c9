import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../core/context';

/**
 * The client's address for rate limiting. X-Forwarded-For is believed only when the
 * deployment says a trusted proxy sets it; otherwise anyone could rotate it freely.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
