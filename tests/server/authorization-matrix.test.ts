import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  endpointNames,
  endpoints,
  isAllowed,
  messages,
  type EndpointName,
  type Principal,
} from '../../sync/contract';
import { hashPassword } from '../../server/auth/password';
import { centers, childHistory, children, roles, tags, users } from '../../server/db/schema';
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

type Kind = 'superadmin' | 'admin' | 'viewer' | 'custom' | 'centerBound';
type Actor = { token: string; principal: Principal };

const NO_SUCH_ID = 999_999;

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
    const emails: Record<Kind, string> = {
      superadmin: 'superadmin@demo.test',
      admin: 'admin@demo.test',
      viewer: 'viewer@demo.test',
      custom: 'custom@matrix.test',
      centerBound: 'staff@demo.test',
    };
    for (const [kind, email] of Object.entries(emails) as [Kind, string][]) {
      const token = await h.login(email);
      const me = await json<{ data: Principal }>(await h.request('/api/me', { token }));
      actors[kind] = { token, principal: me.data };
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
  });

  it('without a token every call but login answers 401 Unauthenticated.', async () => {
    for (const name of endpointNames) {
      if (endpoints[name].permission === 'public') continue;
      const response = await send(name, pathOf(name, realId, 1));
      expect(response.status, name).toBe(401);
      expect((await json<{ message: string }>(response)).message).toBe(messages.unauthenticated);
    }
  });

  it.each(['superadmin', 'admin', 'viewer', 'custom', 'centerBound'] as Kind[])(
    'refused calls of %s answer 403 and change nothing',
    async (kind) => {
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
    },
  );

  it.each(['superadmin', 'admin', 'viewer', 'custom', 'centerBound'] as Kind[])(
    'allowed calls of %s are never 401/403; unbuilt ones are exactly PENDING',
    async (kind) => {
      const actor = actors[kind];
      const missing = new Set<EndpointName>();
      for (const name of endpointNames.filter((n) => mayCall(actor.principal, n))) {
        // No such record: allowed writes answer 404/422 and change nothing worth undoing.
        const token =
          name === 'logout'
            ? await h.login(
                kind === 'custom'
                  ? 'custom@matrix.test'
                  : kind === 'centerBound'
                    ? 'staff@demo.test'
                    : `${kind}@demo.test`,
              )
            : actor.token;
        const response = await send(name, pathOf(name, NO_SUCH_ID, actor.principal.centerId), token);
        expect([401, 403], `${kind} ${name} answered ${response.status}`).not.toContain(response.status);
        if (response.status === 404 && (await json<{ message?: string }>(response)).message === serverMessages.notFound)
          missing.add(name);
      }
      const expected = PENDING.filter((name) => isAllowed(actor.principal, endpoints[name].permission));
      expect([...missing].sort()).toEqual([...expected].sort());
    },
  );

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
