import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { login } from './login';
import { logout, me } from './session-routes';

/** POST /api/login: public, so it must be registered before the bearer check. */
export function registerLoginRoute(api: Hono<AppEnv>) {
  api.post('/login', login);
}

/** POST /api/logout and GET /api/me: registered after the bearer check. */
export function registerSessionRoutes(api: Hono<AppEnv>) {
  api.post('/logout', logout);
  // The app refreshes role and permissions with this after start, without a new login.
  api.get('/me', me);
}
