import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  endpointNames,
  endpoints,
  isAllCenterUser,
  isAllowed,
  messages,
  permissionModules,
  wireEndpointNames,
  wireEndpoints,
  type EndpointName,
  type PermissionAction,
  type PermissionModule,
  type Principal,
} from '../../sync/contract';
import { hashPassword } from '../../server/auth/password';
import { notifyReaders } from '../../server/notifications/write';
import { beneficiaries, centers, childHistory, children, roles, tags, users } from '../../server/db/schema';
import { serverMessages } from '../../server/core/messages';
import { createHarness, DEMO_PASSWORD, json, type Harness } from './harness';

/*
 * The authorisation matrix (spec part 1 section 6): every call of the contract's endpoint table, for
 * every kind of user, generated from `endpoints` so a new row is covered the day it is
 * added. A refused call answers 401/403 and changes nothing; an allowed one never does.
 * Calls whose route the server does not have yet are listed in PENDING: when one is built
 * this test fails until it is taken off the list, so none can be forgotten.
 */

const PENDING: EndpointName[] = [];

type Kind = 'superadmin' | 'admin' | 'viewer' | 'custom' | 'centerBound' | 'moduleOnly' | 'registrationOnly';
const kinds: Kind[] = ['superadmin', 'admin', 'viewer', 'custom', 'centerBound', 'moduleOnly', 'registrationOnly'];

/** A role's blocks as /role_permission stores them: every module, 1 for the ticked actions, else 0. */
const stored = (ticked: Partial<Record<PermissionModule, PermissionAction[]>>) =>
  Object.fromEntries(
    Object.entries(permissionModules).map(([module, actions]) => [
      module,
      Object.fromEntries(
        actions.map((a) => [a, ticked[module as PermissionModule]?.includes(a as PermissionAction) ? 1 : 0]),
      ),
    ]),
  );
/**
 * Custom roles beyond the demo's: one with only Meal Management (a module-only role, no
 * child permission at all) and one that reads registrations but not their history.
 */
const extraRoles: { kind: Kind; role: string; email: string; permissions: Record<string, unknown> }[] = [
  {
    kind: 'moduleOnly',
    role: 'matrix meals',
    email: 'meals@matrix.test',
    permissions: stored({ meal_type: ['all', 'create', 'view', 'edit', 'delete'] }),
  },
  {
    kind: 'registrationOnly',
    role: 'matrix registrations',
    email: 'registrations@matrix.test',
    permissions: stored({ child_registration: ['view'], exit_restore: ['view'] }),
  },
];
type Actor = { token: string; principal: Principal; email: string };

const NO_SUCH_ID = 999_999;

/**
 * What an answer holds: its string values, and its history entries (objects naming a child
 * and a status; a child's own Present Status is not one). A file is neither.
 */
function contentOf(text: string): { values: Set<string>; entries: number } {
  const values = new Set<string>();
  let entries = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') values.add(value);
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    if ('childregId' in value && 'history_status' in value) entries++;
    Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
  } catch {
    // Not JSON: a file, checked by its own route's test.
  }
  return { values, entries };
}

/**
 * Calls whose handler asks for a second permission beyond the row's: Bulk Update writes
 * history entries, so it also needs create on child_tracking (server/children/bulk-update.ts).
 */
const secondPermission: Partial<Record<EndpointName, (user: Principal) => boolean>> = {
  bulkUpdate: (user) => can(user, 'create', 'child_tracking'),
};
const mayCall = (user: Principal, name: EndpointName) =>
  isAllowed(user, endpoints[name].permission) && (secondPermission[name]?.(user) ?? true);
const statusParams: Record<string, string> = {
  listing: 'medical_issue',
  centerStatus: '1',
  restoreExitList: 'restoration',
};

/** The concrete path of a call: `id`-like parameters from `ids`, the rest fixed. */
function pathOf(name: EndpointName, id: number, centerId: number): string {
  return `/api${endpoints[name].path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    if (key === 'status') return statusParams[name] ?? '1';
    if (key === 'countryId') return '101';
    if (key === 'stateId') return '4008';
    if (key === 'centerId') return String(centerId);
    return String(id);
  })}`;
}

describe('authorisation matrix over the endpoint table', () => {
  let h: Harness;
  const actors = {} as Record<Kind, Actor>;
  let realId: number;
  let otherCenterChild: { id: number; updated_at: Date; name: string; center: number };

  const send = (name: EndpointName, path: string, token?: string) => {
    const spec = endpoints[name];
    const init: RequestInit & { token?: string; json?: unknown } = { method: spec.method, token };
    if (spec.payload === 'json') init.json = {};
    if (spec.payload === 'multipart') init.body = new FormData();
    return h.request(path, init);
  };

  /** Rows and newest change of every table a call could touch. */
  const fingerprint = async () => {
    const of = async (
      table: typeof centers | typeof users | typeof roles | typeof tags | typeof children | typeof childHistory,
    ) => {
      const [row] = await h.db
        .select({ n: sql<number>`count(*)::int`, at: sql<string>`max(updated_at)::text` })
        .from(table);
      return row;
    };
    return JSON.stringify(await Promise.all([centers, users, roles, tags, children, childHistory].map(of)));
  };

  beforeAll(async () => {
    h = await createHarness('pglite');
    const [role] = await h.db
      .insert(roles)
      .values({
        name: 'matrix custom',
        permissions: {
          child_registration: { view: 1, create: 1 },
          child_tracking: { view: 1 },
          cwc: { view: 1, edit: 1 },
          meal_type: { view: 1 },
          exit_restore: { view: 1 },
          child_document: { delete: 0 },
          sps: { delete: 1 },
        },
      })
      .returning({ id: roles.id });
    await h.db.insert(users).values({
      name: 'Matrix Custom',
      email: 'custom@matrix.test',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: role.id,
      centerId: 1,
    });
    for (const extra of extraRoles) {
      const [added] = await h.db
        .insert(roles)
        .values({ name: extra.role, permissions: extra.permissions })
        .returning({ id: roles.id });
      await h.db.insert(users).values({
        name: extra.role,
        email: extra.email,
        password_hash: await hashPassword(DEMO_PASSWORD),
        role_id: added.id,
        centerId: 1,
      });
    }
    // Something recorded about a child after they joined: each is told (a notification names the child).
    const [author] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    const [told] = await h.db
      .select({ id: children.id, center: children.centerdetailId })
      .from(children)
      .where(isNull(children.deleted_at))
      .limit(1);
    await notifyReaders(h.db, {
      childregId: told.id,
      centerId: told.center!,
      authorId: author.id,
      comment: 'Follow Up added',
    });
    const emails: Record<Kind, string> = {
      superadmin: 'superadmin@demo.test',
      admin: 'admin@demo.test',
      viewer: 'viewer@demo.test',
      custom: 'custom@matrix.test',
      centerBound: 'staff@demo.test',
      ...(Object.fromEntries(extraRoles.map((r) => [r.kind, r.email])) as Record<
        'moduleOnly' | 'registrationOnly',
        string
      >),
    };
    for (const [kind, email] of Object.entries(emails) as [Kind, string][]) {
      const token = await h.login(email);
      const me = await json<{ data: Principal }>(await h.request('/api/me', { token }));
      actors[kind] = { token, principal: me.data, email };
    }
    const [child] = await h.db.select({ id: children.id }).from(children).orderBy(children.id).limit(1);
    realId = child.id;
    const [other] = await h.db
      .select({
        id: children.id,
        updated_at: children.updated_at,
        name: children.name,
        center: children.centerdetailId,
      })
      .from(children)
      .where(and(ne(children.centerdetailId, actors.centerBound.principal.centerId), isNull(children.deleted_at)))
      .limit(1);
    otherCenterChild = other;
  });
  afterAll(() => h?.close());

  it('the actors are what the matrix needs', () => {
    expect(actors.custom.principal.role.name).toBe('matrix custom');
    expect(actors.centerBound.principal.centerId).not.toBe(1);
    expect(can(actors.moduleOnly.principal, 'view', 'child_registration')).toBe(false);
    expect(can(actors.moduleOnly.principal, 'view', 'child_tracking')).toBe(false);
    expect(can(actors.moduleOnly.principal, 'view', 'meal_type')).toBe(true);
    expect(can(actors.registrationOnly.principal, 'view', 'child_registration')).toBe(true);
    expect(can(actors.registrationOnly.principal, 'view', 'child_tracking')).toBe(false);
  });

  /*
   * Spec part 1 section 6, sync/SPEC.md R21: a read that names children needs
   * child_registration view, one that shows their history entries child_tracking view,
   * beneficiaries and their documents child_tracking view. Every read of the wire table
   * (the spec's calls and our extensions), asked as broadly as it can be (no filter, every
   * center, real ids), shows a role without the permission none of them, and a
   * center-bound user no child that is at another center now (R20).
   */
  it.each(kinds)('no read shows %s what its role may not read', async (kind) => {
    const { token, principal } = actors[kind];
    const mayNameChildren = can(principal, 'view', 'child_registration');
    const mayReadHistory = can(principal, 'view', 'child_tracking');
    const kids = await h.db
      .select({ name: children.name, aadharno: children.aadharno, center: children.centerdetailId })
      .from(children)
      .where(isNull(children.deleted_at));
    const people = new Set(
      [
        ...(await h.db.select({ name: users.name }).from(users)),
        ...(await h.db.select({ name: centers.name }).from(centers)),
      ].map((r) => r.name),
    );
    const secrets = kids
      .flatMap((k) => [k.name, k.aadharno])
      .filter((s): s is string => typeof s === 'string' && s.length >= 5 && !people.has(s));
    // Beneficiaries' names that are no value of a child's record (a parent's name) nor a user's or center's.
    const everyChild = await h.db.select().from(children);
    const valuesOf = (rows: typeof everyChild) =>
      new Set(rows.flatMap((k) => Object.values(k).filter((v) => typeof v === 'string')));
    const kidNames = valuesOf(everyChild);
    const beneficiaryNames = new Set(
      (await h.db.select({ name: beneficiaries.name }).from(beneficiaries)).map((b) => b.name),
    );
    const served = [...beneficiaryNames].filter((n) => !kidNames.has(n) && !people.has(n));
    expect(served.length).toBeGreaterThan(0);
    // A center-bound user: no child that is now at another center (R20), unless the value is
    // also one of its own children's records or a beneficiary's name (the seed draws every
    // name from one list).
    const own = valuesOf(everyChild.filter((k) => k.centerdetailId === principal.centerId));
    const elsewhere = isAllCenterUser(principal)
      ? []
      : secrets.filter(
          (s) =>
            !own.has(s) &&
            !beneficiaryNames.has(s) &&
            kids.some((k) => k.center !== principal.centerId && (k.name === s || k.aadharno === s)),
        );
    const shown: string[] = [];
    const before = await fingerprint();
    for (const name of wireEndpointNames) {
      const spec = wireEndpoints[name];
      if (spec.method !== 'GET' && !(spec.method === 'POST' && spec.payload === 'json')) continue;
      const centerId = isAllCenterUser(principal) ? 1 : principal.centerId;
      const path = `/api${spec.path.replace(/:([A-Za-z_]+)/g, (_, key: string) =>
        key === 'status' ? 'medical_issue' : key === 'centerId' ? String(centerId) : String(realId),
      )}?per_page=1000`;
      const response = await h.request(path, {
        method: spec.method,
        token,
        json: spec.method === 'POST' ? {} : undefined,
      });
      const { values, entries } = contentOf(await response.text());
      if (!mayNameChildren) {
        const named = secrets.filter((s) => values.has(s)).length;
        if (named > 0) shown.push(`${name}: ${named} children's names or Aadhar numbers`);
      }
      const away = elsewhere.filter((s) => values.has(s)).length;
      if (away > 0) shown.push(`${name}: ${away} names or Aadhar numbers of other centers' children`);
      if (!mayReadHistory) {
        if (entries > 0) shown.push(`${name}: ${entries} history entries`);
        const listed = served.filter((s) => values.has(s)).length;
        if (listed > 0) shown.push(`${name}: ${listed} beneficiaries`);
      }
    }
    expect(shown).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('without a token every call but login answers 401 Unauthenticated.', async () => {
    for (const name of endpointNames) {
      if (endpoints[name].permission === 'public') continue;
      const response = await send(name, pathOf(name, realId, 1));
      expect(response.status, name).toBe(401);
      expect((await json<{ message: string }>(response)).message).toBe(messages.unauthenticated);
    }
  });

  it.each(kinds)('refused calls of %s answer 403 and change nothing', async (kind) => {
    const actor = actors[kind];
    const before = await fingerprint();
    const refused = endpointNames.filter((name) => !mayCall(actor.principal, name));
    for (const name of refused) {
      // Real ids: a refused delete of an existing record must leave it alone.
      const response = await send(name, pathOf(name, realId, actor.principal.centerId), actor.token);
      expect([401, 403], `${kind} ${name}`).toContain(response.status);
    }
    expect(await fingerprint()).toBe(before);
    if (kind === 'superadmin' || kind === 'admin') expect(refused).toEqual([]);
  });

  it.each(kinds)('allowed calls of %s are never 401/403; unbuilt ones are exactly PENDING', async (kind) => {
    const actor = actors[kind];
    const missing = new Set<EndpointName>();
    for (const name of endpointNames.filter((n) => mayCall(actor.principal, n))) {
      // No such record: allowed writes answer 404/422 and change nothing worth undoing.
      const token = name === 'logout' ? await h.login(actor.email) : actor.token;
      const response = await send(name, pathOf(name, NO_SUCH_ID, actor.principal.centerId), token);
      expect([401, 403], `${kind} ${name} answered ${response.status}`).not.toContain(response.status);
      if (response.status === 404 && (await json<{ message?: string }>(response)).message === serverMessages.notFound)
        missing.add(name);
    }
    const expected = PENDING.filter((name) => isAllowed(actor.principal, endpoints[name].permission));
    expect([...missing].sort()).toEqual([...expected].sort());
  });

  it("a center-bound user never sees or changes another center's data", async () => {
    const { token, principal } = actors.centerBound;
    const view = await h.request(`/api/child_view/${otherCenterChild.id}`, { token });
    expect(view.status).toBe(404);
    const listed = await json<{ data: { centerdetailId: number }[] }>(
      await h.request('/api/child-registrations?per_page=1000', { method: 'POST', token, json: {} }),
    );
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.every((c) => c.centerdetailId === principal.centerId)).toBe(true);
    const asked = await json<{ data: unknown[] }>(
      await h.request('/api/child-registrations', {
        method: 'POST',
        token,
        json: { centerId: otherCenterChild.center },
      }),
    );
    expect(asked.data).toEqual([]);
    const update = new FormData();
    update.append('id', String(otherCenterChild.id));
    update.append('name', 'Changed By Another Center');
    expect([403, 404]).toContain(
      (await h.request('/api/child_update', { method: 'POST', token, body: update })).status,
    );
    expect([403, 404]).toContain(
      (await h.request(`/api/child_delete/${otherCenterChild.id}`, { method: 'DELETE', token })).status,
    );
    const [after] = await h.db.select().from(children).where(eq(children.id, otherCenterChild.id));
    expect(after.name).toBe(otherCenterChild.name);
    expect(after.deleted_at).toBeNull();
    expect(after.updated_at.getTime()).toBe(otherCenterChild.updated_at.getTime());
    const centersList = await json<{ data: { id: number }[] }>(await h.request('/api/centers_list', { token }));
    expect(centersList.data.map((c) => c.id)).toEqual([principal.centerId]);
  });
});
