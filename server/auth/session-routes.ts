import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import { ok } from '../core/http';
import { serverMessages, USER_IMAGE_PATH } from '../core/messages';
import { revokeToken } from './tokens';

/** POST /logout: the bearer token ends. */
export async function logout(c: Context<AppEnv>) {
  await revokeToken(c.get('deps').db, c.get('token'));
  return c.json({ success: true, message: serverMessages.logoutSuccess });
}

/** GET /me: the signed-in user with role and permissions. */
export const me = (c: Context<AppEnv>) => ok(c, c.get('user'), { image_path: USER_IMAGE_PATH });
