import { isAllowed, pathParamNames, routeOf, wireEndpoints } from '../contract/endpoints';
import type { Principal } from '../contract/permissions';
import type { Fields } from '../engine/reconcile';
import { historyMovesPresentStatus } from './present-status';
import { adminEntities } from './admin';
import { actionEntities, historyEntryCall } from './child-records';
import type { Call, EntityDescriptor, ResolvedCall } from './types';
import { part2ReportEntities } from './part2-reports';
import { part2ListEntities } from './part2-lists';

export type { Call, EntityDescriptor, ResolvedCall } from './types';

/** The row of a call, sent where the build's backend profile sends it (contract routeOf). */
export const resolveCall = (call: Call): ResolvedCall => {
  const { method, path } = routeOf(call.endpoint);
  return { ...call, method, path, kind: wireEndpoints[call.endpoint].payload };
};

/** The entities the engine syncs, with the calls of each. */
export const entities = {
  children: {
    table: 'children',
    ops: {
      create: { endpoint: 'childAdd', effect: 'create' },
      quickAdd: { endpoint: 'childAddQuick', effect: 'create' },
      update: { endpoint: 'childUpdate' },
      delete: { endpoint: 'childDelete', effect: 'delete' },
    },
    view: { endpoint: 'childView' },
    list: { endpoint: 'childRegistrations' },
    refs: {},
    fileFields: ['image'],
  },
  history: {
    table: 'history',
    ops: {
      create: { endpoint: 'medicalConsent', effect: 'create' },
      medical: { endpoint: 'medicalConsent', effect: 'create' },
      update: { endpoint: 'updateMedical' },
      delete: { endpoint: 'listingDelete', effect: 'delete' },
    },
    callFor: historyEntryCall,
    view: { endpoint: 'historyView' },
    list: { endpoint: 'history' },
    refs: { childregId: 'children' },
    fileFields: [],
    afterLocalWrite: historyMovesPresentStatus,
  },
  ...adminEntities,
  ...actionEntities,
  ...part2ReportEntities,
  ...part2ListEntities,
} satisfies Record<string, EntityDescriptor>;

export type EntityName = keyof typeof entities;

export function descriptorOf(name: string): EntityDescriptor {
  const descriptor = (entities as Record<string, EntityDescriptor>)[name];
  if (!descriptor) throw new Error(`Unknown entity ${name}`);
  return descriptor;
}

/**
 * The call of `op`; `create`/`delete` effects are implied by those names. With the
 * record (`row`), the descriptor's `callFor` may pick the call its kind uses; the effect
 * is always the operation's own, so coalescing and rebasing (which ask without a row)
 * judge an entry the same way the replay sends it.
 */
export function callOf(
  descriptor: EntityDescriptor,
  op: string,
  row?: Fields | null,
): ResolvedCall & { effect: 'create' | 'update' | 'delete' } {
  const call = descriptor.ops[op];
  if (!call) throw new Error(`Unknown operation ${op} of ${descriptor.table}`);
  const chosen = (row && descriptor.callFor?.(op, row)) ?? call;
  return {
    ...resolveCall(chosen),
    effect: call.effect ?? (op === 'create' ? 'create' : op === 'delete' ? 'delete' : 'update'),
  };
}

/**
 * The path parameters of a call, filled from the record's server id and the payload
 * (`/center_status/{id}/{status}`, `/reopen/{id}` with the child's id); the fields a
 * parameter took do not travel again in the body. A missing value throws.
 */
export function callParams(
  call: Call,
  recordId: unknown,
  payload: Fields,
): { params: Record<string, string | number>; used: string[] } {
  const params: Record<string, string | number> = {};
  const used: string[] = [];
  for (const name of pathParamNames(call.endpoint)) {
    const field = call.params?.[name];
    const value = field === undefined && name === 'id' ? recordId : payload[field ?? name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '')
      throw new Error(`Missing path parameter ${name} for ${call.endpoint}`);
    params[name] = value;
    if (field !== undefined || name !== 'id') used.push(field ?? name);
  }
  return { params, used };
}

/** Collections the app pulls, parents first (the order of `entities`). */
export const pulledEntityNames = (): string[] =>
  Object.entries(entities as Record<string, EntityDescriptor>)
    .filter(([, d]) => d.pull !== false)
    .map(([name]) => name);

/**
 * Whether `user` may read `collection`, so the pull asks for it: the permission of its
 * list's endpoint row, as the server checks it (DESIGN.md, Pull).
 */
export const canReadCollection = (user: Principal, collection: string): boolean =>
  isAllowed(user, wireEndpoints[descriptorOf(collection).list.endpoint].permission);
