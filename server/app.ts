import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages, readableZodError } from '../sync/contract';
import { enforceEndpointPermission } from './core/permission';
import { requireAuth } from './core/auth';
import type { AppDeps, AppEnv } from './core/context';
import { fail } from './core/http';
import { idempotency } from './core/idempotency';
import { serverMessages } from './core/messages';
import { registerRoleRoutes } from './roles/routes';
import { registerTagRoutes } from './tags/routes';
import { registerUserRoutes } from './users/routes';
import { registerLoginRoute, registerSessionRoutes } from './auth/routes';
import { registerHealthRoute } from './health/routes';
import { registerCenterRoutes } from './centers/routes';
import { registerChildRoutes } from './children/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerFileRoutes } from './files/routes';
import { registerHistoryRoutes } from './history/routes';
import { registerActionRoutes } from './actions/routes';
import { registerCwcRoutes } from './cwc/routes';
import { registerLookupRoutes } from './lookups/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { drainUnreadBody, noStore, securityHeaders } from './core/headers';
import { registerExitRoutes } from './exits/routes';
import { registerSchemeRoutes } from './schemes/routes';
import { registerBeneficiaryRoutes } from './beneficiaries/routes';
import { serveApp } from './core/static';
import { compressAnswers } from './core/compress';
import { answerInLanguage } from './core/language';
import { z } from 'zod';
import { errorHandler, logToStderr, requestId } from './core/errors';
import { refuseControlCharactersInUrl } from './core/url-guard';
import { registerReportRoutes } from './reports/routes';
import { registerMealRoutes } from './meals/routes';
import { registerBalanceRoutes } from './balances/routes';
import { registerAccessLogRoutes } from './access-log/routes';
import { laravelNotFound, specOnlyMode } from './core/spec-only';

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
  // Issues a schema names no message for are worded for people, not programmers (the
  // user sees the first message of the first field, spec part 1 section 5).
  z.config({ customError: readableZodError });
  const app = new Hono<AppEnv>();

  app.use('*', requestId);
  app.use('*', securityHeaders);
  // JSON answers over 1 KB (sync pages included) and any text file without a build-time copy.
  app.use('*', compressAnswers);
  // Messages in the language the request asks for (inside compression, so the rewritten body is compressed).
  app.use('/api/*', answerInLanguage);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  const api = new Hono<AppEnv>();
  if (deps.recordRequest) {
    const record = deps.recordRequest;
    api.use('*', async (c, next) => {
      record(c.req.raw.clone());
      await next();
    });
  }
  api.use('*', noStore);
  api.use('*', refuseControlCharactersInUrl);
  // Uploads are at most 5 MB a file (spec section 9); a save carries a few files at most.
  api.use('*', drainUnreadBody);
  api.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, messages.requestTooLarge) }));
  // SPEC_ONLY: only the documented calls, as the trust's backend answers them (core/spec-only.ts).
  api.use('*', specOnlyMode);
  registerLoginRoute(api);
  registerHealthRoute(api);
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
  registerTagRoutes(api);
  registerRoleRoutes(api);
  registerUserRoutes(api);
  registerReportRoutes(api);
  registerMealRoutes(api);
  registerBalanceRoutes(api);
  registerExitRoutes(api);
  registerAccessLogRoutes(api);
  registerSchemeRoutes(api);
  registerBeneficiaryRoutes(api);
  api.all('*', (c) => (deps.specOnly ? laravelNotFound(c) : fail(c, 404, serverMessages.notFound)));

  app.route('/api', api);
  if (staticDir) app.get('*', serveApp(staticDir));

  // Bad input is answered by validation; whatever still throws is our bug: log it (without
  // request data) and answer the spec's generic text, never a stack trace.
  app.onError(errorHandler(deps.logError ?? logToStderr));
  return app;
}

export type App = ReturnType<typeof createApp>;
