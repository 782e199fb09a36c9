import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import { currentDb, sessionStore, signIn } from '../../../sync/device/session';
import { can, sessionUserKey } from '../../../sync';
import { appDbName } from '../../../sync/db/app-db';

/*
 * Sign-in against a backend that answers POST /login as spec part 1 section 7 shows:
 * data holds token, role, centerId and image, nothing of ours (id, email, role.id), with
 * flags and ids as Laravel may quote them.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The spec's login answer. */
const specLogin = {
  success: true,
  data: {
    token: 'spec-token',
    role: { name: 'caseworker', permissions: { child_registration: { view: '1', create: '0', edit: 1 } } },
    centerId: '3',
    image: null,
  },
  image_path: '/storage/users/',
  message: 'Login successfully',
};

/** A server answering the given paths; every other path is a 404. Records each call and its token. */
function server(routes: Record<string, () => Response>) {
  const calls: { path: string; auth: string | null }[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    calls.push({ path, auth: request.headers.get('Authorization') });
    const route = routes[path];
    return route ? route() : json(404, { success: false, message: 'Not Found' });
  });
  return calls;
}

describe("sign-in accepts the spec's login answer", () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStore.setState({ status: 'signed-out', user: null });
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  });
  afterEach(() => setFetch(undefined));

  it('signs in with quoted flags and centerId, the e-mail from the form, and no /me on the server', async () => {
    const calls = server({ '/api/login': () => json(200, specLogin) });
    const result = await signIn({ email: 'Staff@Demo.test', password: 'demo1234' });
    expect(result.ok).toBe(true);
    const user = sessionStore.getState().user!;
    expect(user).toMatchObject({
      token: 'spec-token',
      email: 'Staff@Demo.test',
      name: 'Staff@Demo.test',
      centerId: 3,
      role: { name: 'caseworker', permissions: { child_registration: { view: 1, create: 0, edit: 1 } } },
      imagePath: '/storage/users/',
    });
    expect(user.id).toBeUndefined();
    // The details were asked with the new token; the 404 did not stop sign-in.
    expect(calls.find((c) => c.path === '/api/me')?.auth).toBe('Bearer spec-token');
    expect(can(user, 'view', 'child_registration')).toBe(true);
    expect(can(user, 'create', 'child_registration')).toBe(false);
    // The device keys the user by e-mail: its own database, opened.
    expect(sessionUserKey(user)).toBe('staff@demo.test');
    expect(currentDb().name).toBe(appDbName('staff@demo.test', 'http://localhost:3000'));
  });

  it('takes id and name from /me when the server has it', async () => {
    server({
      '/api/login': () => json(200, specLogin),
      '/api/me': () => json(200, { success: true, data: { id: 12, name: 'Staff', email: 'staff@demo.test' } }),
    });
    const result = await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    expect(result.ok && result.user).toMatchObject({ id: 12, name: 'Staff', centerId: 3 });
    expect(sessionUserKey(sessionStore.getState().user!)).toBe('12');
  });

  it('a wrong answer (no token) shows Server not responding', async () => {
    server({
      '/api/login': () => json(200, { ...specLogin, data: { role: { name: 'admin' }, centerId: 1 } }),
    });
    expect(await signIn({ email: 'staff@demo.test', password: 'demo1234' })).toEqual({
      ok: false,
      message: 'Server not responding',
    });
    expect(sessionStore.getState().status).toBe('signed-out');
  });
});
