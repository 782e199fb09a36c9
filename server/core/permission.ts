import { createMiddleware } from 'hono/factory';
import { API_PREFIX, endpoints, isAllowed, matchEndpoint, messages, type EndpointName } from '../../sync/contract';
import type { AppEnv } from './context';
import { fail } from './http';

/*
 * The server is the authority on permissions (spec part 1, section 6; DESIGN.md, Server):
 * every call of the contract's endpoint table is checked against the row's `permission`
 * before its handler runs, with the same `isAllowed()`/`can()` the UI mirrors. A route
 * handler may check more (center scope, a second permission), never less. Paths the table
 * does not list (files, /me, sync helpers) are left to their handlers.
 */

/** The endpoint a request belongs to, by method and path under /api. */
export function endpointOf(method: string, path: string): EndpointName | undefined {
  const local = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) || '/' : path;
  return matchEndpoint(method, local);
}

/** 403 'This action is unauthorized.' when the signed-in user fails the endpoint's permission. */
export const enforceEndpointPermission = createMiddleware<AppEnv>(async (c, next) => {
  const name = endpointOf(c.req.method, c.req.path);
  if (name && !isAllowed(c.get('user'), endpoints[name].permission)) return fail(c, 403, messages.forbidden);
  await next();
});
