import type { Context } from 'hono';
import { loginRequestSchema, messages } from '../../sync/contract';
import { dummyPasswordHash, verifyPassword } from './password';
import { claimTry, clearFailures, keepFailure, loginKeys, takeBack } from './rate-limit';
import { loadAuthUser } from './session';
import { issueToken } from './tokens';
import { clientIp } from './client-ip';
import type { AppEnv } from '../core/context';
import { fail, ok, readBody, text, validationFailed } from '../core/http';
import { serverMessages, USER_IMAGE_PATH } from '../core/messages';

/** POST /api/login (spec part 1 section 1), with the per-address and per-e-mail rate limit. */
export async function login(c: Context<AppEnv>) {
  const body = await readBody(c);
  // Missing or non-text fields count as empty, so the answer is the spec's message.
  const parsed = loginRequestSchema.safeParse({ emailId: text(body.emailId), password: text(body.password) });
  if (!parsed.success) return validationFailed(c, parsed.error);

  const { db } = c.get('deps');
  const keys = loginKeys(parsed.data.emailId, clientIp(c));
  const { wait, tries } = await claimTry(db, keys);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    return fail(c, 429, messages.tooManyAttempts);
  }

  const found = await loadAuthUser(db, { email: parsed.data.emailId });
  // Unknown e-mails are verified against a dummy hash so timing reveals nothing.
  const passwordOk = await verifyPassword(parsed.data.password, found?.passwordHash ?? (await dummyPasswordHash()));
  if (!found || !passwordOk || !found.enabled) {
    await keepFailure(db);
    return fail(c, 401, serverMessages.invalidCredentials);
  }
  await takeBack(db, tries);
  await clearFailures(db, keys);
  const token = await issueToken(db, found.authUser.id);
  const { id, ...rest } = found.authUser;
  return ok(c, { id, token, ...rest }, { image_path: USER_IMAGE_PATH, message: serverMessages.loginSuccess });
}
