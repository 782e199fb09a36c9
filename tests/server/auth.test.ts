import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, sessionUserSchema } from '../../sync/contract';
import { hashPassword } from '../../server/auth/password';
import { hashToken } from '../../server/auth/tokens';
import { apiTokens, roles, users } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Body = {
  success?: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: Record<string, unknown>;
  image_path?: string;
};

describe.each(databaseKinds)('auth (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const login = (emailId: unknown, password: unknown) =>
    h.request('/api/login', { method: 'POST', json: { emailId, password } });

  /** A user of our own, so lock-outs here cannot disturb other tests. */
  async function makeUser(email: string, password: string, status = 1) {
    const [role] = await h.db.select().from(roles).where(eq(roles.name, 'viewer'));
    await h.db.insert(users).values({
      name: email,
      email,
      password_hash: await hashPassword(password),
      status,
      role_id: role.id,
      centerId: 1,
    });
  }

  it('logs in with the documented shape: token, role with permissions, centerId, image', async () => {
    const response = await login('staff@demo.test', 'demo1234');
    expect(response.status).toBe(200);
    const body = await json<Body>(response);
    expect(body).toMatchObject({ success: true, message: 'Login successfully', image_path: expect.any(String) });
    const user = sessionUserSchema.parse(body.data);
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ email: 'staff@demo.test', name: 'Pooja Verma', role: { name: 'caseworker' } });
    expect(user.centerId).not.toBe(1);
    expect(user.role.permissions?.child_registration).toMatchObject({ view: 1, create: 1, edit: 1 });
    expect(body.data).toHaveProperty('image', null);
    // Only the hash of the token is stored.
    const stored = await h.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.token_hash, hashToken(user.token)));
    expect(stored).toHaveLength(1);
    const raw = await h.db.select().from(apiTokens).where(eq(apiTokens.token_hash, user.token));
    expect(raw).toHaveLength(0);
  });

  it('accepts the e-mail in any case and with spaces, and a form-encoded body', async () => {
    expect((await login('  Admin@Demo.Test ', 'demo1234')).status).toBe(200);
    const form = await h.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'emailId=viewer%40demo.test&password=demo1234',
    });
    expect(form.status).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown user and a disabled user', async () => {
    await makeUser('disabled@demo.test', 'secret-pass', 0);
    for (const [email, password] of [
      ['superadmin@demo.test', 'wrong-password'],
      ['nobody@demo.test', 'demo1234'],
      ['disabled@demo.test', 'secret-pass'],
    ]) {
      const response = await login(email, password);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ success: false, message: 'Invalid credentials' });
    }
  });

  it('answers 422 with the spec messages, first failing field first', async () => {
    const cases: [unknown, unknown, string, string][] = [
      ['', '', messages.emailRequired, 'emailId'],
      [undefined, 'x', messages.emailRequired, 'emailId'],
      ['not-an-email', 'x', messages.emailInvalid, 'emailId'],
      ['a@b.co', '', messages.passwordRequired, 'password'],
      [42, { nested: true }, messages.emailRequired, 'emailId'],
    ];
    for (const [email, password, message, field] of cases) {
      const response = await login(email, password);
      expect(response.status).toBe(422);
      const body = await json<Body>(response);
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
      expect(body.errors?.[field]?.[0]).toBe(message);
    }
    // Both fields wrong: both listed, the e-mail's message leads.
    const both = await json<Body>(await login('', ''));
    expect(both.errors).toEqual({ emailId: [messages.emailRequired], password: [messages.passwordRequired] });
  });

  it('never answers 500 for a broken body', async () => {
    const response = await h.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"emailId": ',
    });
    expect(response.status).toBe(422);
    expect((await json<Body>(response)).message).toBe(messages.emailRequired);
    const none = await h.request('/api/login', { method: 'POST' });
    expect(none.status).toBe(422);
  });

  it('locks an e-mail out after 5 failures in 15 minutes, even with the right password', async () => {
    await makeUser('locked@demo.test', 'right-password');
    for (let i = 0; i < 5; i++) expect((await login('locked@demo.test', 'wrong')).status).toBe(401);
    const locked = await login('locked@demo.test', 'right-password');
    expect(locked.status).toBe(429);
    expect(await json(locked)).toEqual({ success: false, message: messages.tooManyAttempts });
    // Unknown e-mails are limited the same way, so probing gains nothing.
    for (let i = 0; i < 5; i++) await login('ghost@demo.test', 'x');
    expect((await login('ghost@demo.test', 'x')).status).toBe(429);
  });

  it('tries sent at once are counted before their passwords are checked: no more than 5 are checked', async () => {
    await makeUser('burst@demo.test', 'right-password');
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => login('burst@demo.test', 'wrong')))).map(
      (r) => r.status,
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // A refused try checked nothing and does not count: one at a time, the rest of the five.
    let checked = statuses.filter((s) => s === 401).length;
    while ((await login('burst@demo.test', 'wrong')).status === 401) checked++;
    expect(checked).toBe(5);
    expect((await login('burst@demo.test', 'right-password')).status).toBe(429);
  });

  it('a successful login clears earlier failures and is never counted', async () => {
    await makeUser('forgetful@demo.test', 'right-password');
    for (let i = 0; i < 4; i++) expect((await login('forgetful@demo.test', 'wrong')).status).toBe(401);
    for (let i = 0; i < 6; i++) expect((await login('forgetful@demo.test', 'right-password')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('forgetful@demo.test', 'wrong')).status).toBe(401);
    expect((await login('forgetful@demo.test', 'right-password')).status).toBe(200);
  });

  it('requires a valid bearer token: missing, malformed and unknown tokens get 401 Unauthenticated.', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
    ]) {
      const response = await h.request('/api/dashboard', { headers });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('rejects an expired token', async () => {
    const token = await h.login('viewer@demo.test');
    expect((await h.request('/api/dashboard', { token })).status).toBe(200);
    await h.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.token_hash, hashToken(token)));
    expect((await h.request('/api/dashboard', { token })).status).toBe(401);
  });

  it('logout deletes the token; it no longer works', async () => {
    const token = await h.login('admin@demo.test');
    const other = await h.login('admin@demo.test');
    const response = await h.request('/api/logout', { method: 'POST', token });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: 'Logout successfully' });
    expect((await h.request('/api/dashboard', { token })).status).toBe(401);
    expect((await h.request('/api/logout', { method: 'POST', token })).status).toBe(401);
    // Other sessions of the same user stay signed in.
    expect((await h.request('/api/dashboard', { token: other })).status).toBe(200);
  });

  it('GET /api/me returns the login data without the token, and follows role changes', async () => {
    const token = await h.login('staff@demo.test');
    const body = await json<Body>(await h.request('/api/me', { token }));
    expect(body.success).toBe(true);
    expect(body.data).not.toHaveProperty('token');
    expect(body.data).toMatchObject({
      email: 'staff@demo.test',
      role: { name: 'caseworker' },
      centerId: expect.any(Number),
    });
    const [staff] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    await h.db
      .update(roles)
      .set({ permissions: { cwc: { view: 1, create: 1 } } })
      .where(eq(roles.id, staff.role_id));
    const after = await json<Body>(await h.request('/api/me', { token }));
    expect(after.data).toMatchObject({ role: { permissions: { cwc: { view: 1, create: 1 } } } });
  });

  it('a user disabled after login loses access at once', async () => {
    await makeUser('soon-disabled@demo.test', 'pass-word');
    const token = await h.login('soon-disabled@demo.test', 'pass-word');
    expect((await h.request('/api/me', { token })).status).toBe(200);
    await h.db.update(users).set({ status: 0 }).where(eq(users.email, 'soon-disabled@demo.test'));
    expect((await h.request('/api/me', { token })).status).toBe(401);
  });
});
