import { createMiddleware } from 'hono/factory';
import { messages } from '../../sync/contract';
import type { AppEnv } from './context';
import { loadTokenUser } from '../auth/session';
import { hashToken, touchToken } from '../auth/tokens';

/**
 * Bearer check for every protected route. Missing, unknown and expired tokens, and
 * tokens of a user since disabled or deleted, all get the same 401 the app reacts to
 * by clearing its session (spec part 1 section 7). The token, its user and the role are
 * read in one query on every request, nothing kept in memory: a token revoked, a user
 * disabled or a role changed by any process counts from the next request.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  const { db } = c.get('deps');
  const now = new Date();
  const loaded = token ? await loadTokenUser(db, hashToken(token), now) : null;
  if (!token || !loaded || !loaded.enabled) {
    return c.json({ message: messages.unauthenticated }, 401);
  }
  await touchToken(db, loaded.token, now);
  c.set('user', loaded.authUser);
  c.set('token', token);
  await next();
});
