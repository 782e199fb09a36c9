import { createMiddleware } from 'hono/factory';
import { messages } from '../../sync/contract';
import type { AppEnv } from './context';
import { loadAuthUser } from '../auth/session';
import { resolveToken } from '../auth/tokens';

/**
 * Bearer check for every protected route. Missing, unknown and expired tokens, and
 * tokens of a user since disabled or deleted, all get the same 401 the app reacts to
 * by clearing its session (spec part 1 section 7).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  const { db } = c.get('deps');
  const userId = token ? await resolveToken(db, token) : null;
  const loaded = userId === null ? null : await loadAuthUser(db, { id: userId });
  if (!token || !loaded || !loaded.enabled) {
    return c.json({ message: messages.unauthenticated }, 401);
  }
  c.set('user', loaded.authUser);
  c.set('token', token);
  await next();
});
