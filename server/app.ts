import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../sync/contract';
import { enforceEndpointPermission } from './core/permission';
import { requireAuth } from './core/auth';
import type { AppDeps, AppEnv } from './core/context';
import { fail } from './core/http';
import { idempotency } from './core/idempotency';
import { serverMessages } from './core/messages';
import { registerAdminCenterRoutes } from './centers/routes';
import { registerAdminRoleRoutes } from './roles/routes';
import { registerAdminTagRoutes } from './tags/routes';
import { registerAdminUserRoutes } from './users/routes';
import { registerLoginRoute, registerSessionRoutes } from './auth/routes';
import { registerCenterRoutes } from './centers/pickers';
import { registerChildRoutes } from './children/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerFileRoutes } from './files/routes';
import { registerHistoryRoutes } from './history/routes';
import { registerActionRoutes } from './actions/routes';
import { registerCwcRoutes } from './cwc/routes';
import { registerLookupRoutes } from './lookups/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { noStore, securityHeaders } from './core/headers';
import { serveApp } from './core/static';

const MAX_BODY_BYTES = 30 * 1024 * 1024;

export type CreateAppOptions = AppDeps & {
  /** Folder of the built PWA; without it only the API is served. */
  staticDir?: string;
};

/**
 * The whole HTTP surface: the API under /api (bearer-protected except login, every
 * POST idempotent by key) and, when given, the built PWA with SPA fallback.
 */
export function createApp(options: CreateAppOptions) {
  const { staticDir, ...deps } = options;
  const logError = deps.logError ?? ((error: unknown) => console.error('[ashray] unhandled error', error));
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  const api = new Hono<AppEnv>();
  api.use('*', noStore);
  // Uploads are at most 5 MB a file (spec section 9); a save carries a few files at most.
  api.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'The request is too large.') }));
  registerLoginRoute(api);
  // Everything registered after this line needs a valid bearer token.
  api.use('*', requireAuth);
  api.use('*', enforceEndpointPermission);
  api.use('*', idempotency);
  registerSessionRoutes(api);
  registerLookupRoutes(api);
  registerCenterRoutes(api);
  registerDashboardRoutes(api);
  registerNotificationRoutes(api);
  registerChildRoutes(api);
  registerHistoryRoutes(api);
  registerActionRoutes(api);
  registerCwcRoutes(api);
  registerFileRoutes(api);
  registerAdminCenterRoutes(api);
  registerAdminTagRoutes(api);
  registerAdminRoleRoutes(api);
  registerAdminUserRoutes(api);
  api.all('*', (c) => fail(c, 404, serverMessages.notFound));

  app.route('/api', api);
  if (staticDir) app.get('*', serveApp(staticDir));

  // Bad input is answered by validation; whatever still throws is our bug: log it and
  // answer the spec's generic text, never a stack trace.
  app.onError((error, c) => {
    logError(error);
    const response = fail(c, 500, messages.somethingWentWrong);
    if (c.req.path.startsWith('/api')) response.headers.set('Cache-Control', 'no-store');
    return response;
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
