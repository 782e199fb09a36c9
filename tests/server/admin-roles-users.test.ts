import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../sync/contract';
import { roles, users } from '../../server/db/schema';
import { adminMessages } from '../../server/admin/messages';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { png } from './uploads';

type Record_ = Record<string, unknown> & { id: number; updated_at: string };
type Body = {
  success: boolean;
  data?: Record_;
  message?: string;
  errors?: Record<string, string[]>;
  image_path?: string;
};

describe.each(databaseKinds)('roles and users administration (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
    staff = await h.login('staff@demo.test');
  });
  afterAll(() => h?.close());

  const post = async (path: string, body: unknown, token = admin, headers: Record<string, string> = {}) => {
    const response = await h.request(path, { method: 'POST', token, json: body, headers });
    return { status: response.status, body: await json<Body>(response) };
  };
  const form = async (
    path: string,
    fields: Record<string, string | Blob>,
    token = admin,
    headers: Record<string, string> = {},
  ) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    const response = await h.request(path, { method: 'POST', token, body: data, headers });
    return { status: response.status, body: await json<Body>(response) };
  };
  const call = async (method: string, path: string, token = admin) => {
    const response = await h.request(path, { method, token });
    return { status: response.status, body: await json<Omit<Body, 'data'> & { data?: unknown }>(response) };
  };

  describe('roles', () => {
    let role: Record_;
    it.each([[{}], [{ name: ' ' }]])('role_add %j: User role is required.', async (input) => {
      const { status, body } = await post('/api/role_add', input);
      expect(status).toBe(422);
      expect(body.message).toBe(messages.roleRequired);
    });

    it('role names are stored lower-case and unique', async () => {
      const { status, body } = await post('/api/role_add', { name: 'Outreach Worker' });
      expect(status).toBe(200);
      role = body.data!;
      expect(role).toMatchObject({ name: 'outreach worker', permissions: null });
      expect((await post('/api/role_add', { name: 'OUTREACH worker' })).body.message).toBe(adminMessages.roleTaken);
      const updated = await post('/api/role_update', { id: role.id, name: 'Field Worker' }, admin, {
        'If-Match': `"${role.updated_at}"`,
      });
      expect(updated.body.data).toMatchObject({ name: 'field worker' });
      role = updated.body.data!;
    });

    it('role_permission: Please choose permission with nothing checked; stores 1/0 per action', async () => {
      const none = await post('/api/role_permission', { id: role.id, child_registration: { view: 0 } });
      expect(none.status).toBe(422);
      expect(none.body.message).toBe(messages.choosePermission);
      const { status, body } = await post('/api/role_permission', {
        id: role.id,
        child_registration: { view: 1, create: 1 },
        sps: { delete: 1 },
      });
      expect(status).toBe(200);
      expect(body.message).toBe(messages.permissionsUpdated);
      expect(body.data?.permissions).toMatchObject({
        child_registration: { all: 0, create: 1, view: 1, edit: 0, delete: 0 },
        exit_restore: { view: 0 },
        sps: { delete: 1 },
      });
    });

    it('role_add and role_update take the name only: permission blocks sent with them are not applied', async () => {
      const { body } = await post('/api/role_add', { name: 'Offline Made', cwc: { view: 1 } });
      expect(body.data).toMatchObject({ name: 'offline made' });
      expect((body.data?.permissions as { cwc?: { view?: number } } | null)?.cwc?.view ?? 0).toBe(0);
      const updated = await post('/api/role_update', {
        id: role.id,
        name: 'field worker',
        child_registration: { view: 1 },
        cwc: { all: 1 },
      });
      expect(updated.status).toBe(200);
      expect((updated.body.data?.permissions as { cwc?: { all?: number } } | null)?.cwc?.all ?? 0).toBe(0);
      role = updated.body.data!;
    });

    it('built-in roles cannot be renamed or deleted; a role given to users cannot be deleted', async () => {
      const [adminRole] = await h.db.select().from(roles).where(eq(roles.name, 'admin'));
      expect((await post('/api/role_update', { id: adminRole.id, name: 'boss' })).body.message).toBe(
        adminMessages.builtInRole,
      );
      expect((await post('/api/role_update', { id: role.id, name: 'Admin' })).body.message).toBe(
        adminMessages.builtInRole,
      );
      expect((await call('DELETE', `/api/role_delete/${adminRole.id}`)).body.message).toBe(adminMessages.builtInRole);
      const [caseworker] = await h.db.select().from(roles).where(eq(roles.name, 'caseworker'));
      const used = await call('DELETE', `/api/role_delete/${caseworker.id}`);
      expect(used.status).toBe(422);
      expect(used.body.message).toBe(adminMessages.roleInUse);
    });

    it('GET /roles lists them; staff may not manage roles', async () => {
      const list = await call('GET', '/api/roles');
      expect((list.body.data as { name: string }[]).map((r) => r.name)).toContain('field worker');
      expect((await call('GET', '/api/roles', staff)).status).toBe(403);
      expect((await post('/api/role_add', { name: 'x' }, staff)).status).toBe(403);
      expect((await post('/api/role_permission', { id: role.id, cwc: { all: 1 } }, staff)).status).toBe(403);
    });

    it('an unused role is deleted and its name can be used again', async () => {
      const temp = (await post('/api/role_add', { name: 'temporary' })).body.data!;
      const deleted = await call('DELETE', `/api/role_delete/${temp.id}`);
      expect(deleted.body.message).toBe(messages.roleDeleted);
      expect((await post('/api/role_add', { name: 'temporary' })).status).toBe(200);
    });
  });

  describe('users', () => {
    const fields = {
      name: 'Asha Devi',
      email: 'Asha@Example.org',
      password: 'secret12',
      status: '1',
      mobile_number: '9876543210',
      comment: 'Outreach',
      centertypeId: '2',
      role_id: '',
    };
    let roleId: number;
    let user: Record_;
    beforeAll(async () => {
      const [caseworker] = await h.db.select().from(roles).where(eq(roles.name, 'caseworker'));
      roleId = caseworker.id;
      fields.role_id = String(roleId);
    });

    it.each([
      ['name', messages.userNameRequired],
      ['email', messages.emailRequired],
      ['password', messages.passwordRequired],
      ['status', 'The status field is required.'],
      ['mobile_number', messages.userPhoneRequired],
      ['comment', 'The comment field is required.'],
      ['centertypeId', 'The Center field is required.'],
      ['role_id', 'The Role field is required.'],
    ])('register without %s: %s', async (field, message) => {
      const { status, body } = await form('/api/register', { ...fields, [field]: '' });
      expect(status).toBe(422);
      expect(body.message).toBe(message);
      expect(Object.keys(body.errors ?? {})[0]).toBe(field);
    });

    it('register checks the e-mail, phone and image', async () => {
      expect((await form('/api/register', { ...fields, email: 'bad' })).body.message).toBe(messages.emailInvalid);
      expect((await form('/api/register', { ...fields, mobile_number: '123' })).body.message).toBe(
        messages.phoneLength,
      );
      const fake = new File([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], 'a.png', { type: 'image/png' });
      expect((await form('/api/register', { ...fields, image: fake })).body.message).toBe(messages.imageType);
      expect((await form('/api/register', { ...fields, email: 'admin@demo.test' })).body.message).toBe(
        messages.emailTaken,
      );
    });

    it('register stores the user with a hashed password and picture; the user can sign in', async () => {
      const image = png('me.png');
      const { status, body } = await form('/api/register', { ...fields, join_date: '2024-05-01', image });
      expect(status).toBe(200);
      user = body.data!;
      expect(user).toMatchObject({
        name: 'Asha Devi',
        email: 'asha@example.org',
        centerId: 2,
        role_id: roleId,
        join_date: '2024-05-01',
        role: { name: 'caseworker' },
      });
      expect(user).not.toHaveProperty('password_hash');
      expect(body.image_path).toBe('/api/files/users/');
      const token = await h.login('asha@example.org', 'secret12');
      const picture = await h.request(`/api/files/users/${String(user.image)}`, { token });
      expect(picture.status).toBe(200);
      expect((await h.request(`/api/files/users/${String(user.image)}`, { token: staff })).status).toBe(404);
    });

    it('GET /users filters by center, role and name and sends image_path', async () => {
      const list = await call('GET', `/api/users?centertypeId=2&role_id=${roleId}&name=asha`);
      expect((list.body.data as { id: number }[]).map((u) => u.id)).toEqual([user.id]);
      expect(list.body.image_path).toBe('/api/files/users/');
      expect((await call('GET', '/api/users', staff)).status).toBe(403);
    });

    it('user_update: no password needed, the e-mail is fixed, a new password works', async () => {
      const same = await form(
        '/api/user_update',
        {
          id: String(user.id),
          name: 'Asha D',
          email: 'asha@example.org',
          status: '1',
          mobile_number: '9876543211',
          comment: 'x',
          centertypeId: '2',
          role_id: String(roleId),
        },
        admin,
        { 'If-Match': `"${user.updated_at}"` },
      );
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ name: 'Asha D', mobile_number: '9876543211', image: user.image });
      const moved = await form('/api/user_update', { id: String(user.id), email: 'other@example.org' });
      expect(moved.status).toBe(422);
      expect(moved.body.message).toBe(adminMessages.emailFixed);
      expect((await form('/api/user_update', { id: String(user.id), name: '' })).body.message).toBe(
        messages.userNameRequired,
      );
      expect(
        (
          await form('/api/user_update', { id: String(user.id), name: 'X' }, admin, {
            'If-Match': `"${user.updated_at}"`,
          })
        ).status,
      ).toBe(409);
      // A refused update keeps no picture it was sent (stored before the transaction, removed again).
      const kept = (await h.files.list()).length;
      const refused = { id: String(user.id), email: 'other@example.org', image: png() };
      expect((await form('/api/user_update', refused)).status).toBe(422);
      const stale = { 'If-Match': `"${user.updated_at}"` };
      expect((await form('/api/user_update', { id: String(user.id), image: png() }, admin, stale)).status).toBe(409);
      expect(await h.files.list()).toHaveLength(kept);
      expect((await form('/api/user_update', { id: String(user.id), password: 'newpass99' })).status).toBe(200);
      await expect(h.login('asha@example.org', 'secret12')).rejects.toThrow();
      await h.login('asha@example.org', 'newpass99');
    });

    it('user_delete removes the user (its sessions end) and frees the e-mail; nobody deletes themselves', async () => {
      const token = await h.login('asha@example.org', 'newpass99');
      const deleted = await call('DELETE', `/api/user_delete/${user.id}`);
      expect(deleted.body.message).toBe(messages.userDeleted);
      expect((await h.request('/api/me', { token })).status).toBe(401);
      const [me] = await h.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
      expect((await call('DELETE', `/api/user_delete/${me.id}`)).body.message).toBe(adminMessages.ownAccount);
      expect((await form('/api/register', fields)).status).toBe(200);
    });
  });
});
