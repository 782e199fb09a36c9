import { isAllowed, pathParamNames, routeOf, wireEndpoints } from '../contract/endpoints';
import type { Principal } from '../contract/permissions';
import type { Fields } from '../engine/reconcile';
import { activityLogs } from './activity-logs';
import { beneficiaries } from './beneficiaries';
import { beneficiaryDocuments } from './beneficiary-documents';
import { centers } from './centers';
import { children } from './children';
import { cwcProduce, cwcRefer } from './cwc';
import { documents } from './documents';
import { bulkUpdates, history, historyActions } from './history';
import { meals } from './meals';
import { notifications } from './notifications';
import { previousBalances } from './previous-balances';
import { roles } from './roles';
import { schemes } from './schemes';
import { tags } from './tags';
import { users } from './users';
import type { Call, Effect, EntityDescriptor, ResolvedCall } from './types';

export type { Call, Effect, EntityDescriptor, ResolvedCall } from './types';

/** The row of a call, sent where the build's backend profile sends it (contract routeOf). */
export const resolveCall = (call: Call): ResolvedCall => {
  const { method, path } = routeOf(call.endpoint);
  return { ...call, method, path, kind: wireEndpoints[call.endpoint].payload };
};

/**
 * The entities the engine syncs, each from its own module; the order is the pull's
 * (parents first).
 */
export const entities = {
  children,
  history,
  centers,
  tags,
  roles,
  users,
  historyActions,
  bulkUpdates,
  activityLogs,
  documents,
  cwcProduce,
  cwcRefer,
  meals,
  previousBalances,
  schemes,
  beneficiaries,
  beneficiaryDocuments,
  notifications,
} satisfies Record<string, EntityDescriptor>;

export type EntityName = keyof typeof entities;

/** Every entity's name, in the registry's order. */
export const entityNames = Object.keys(entities) as EntityName[];

/**
 * The descriptor of an entity, as the engine reads any of them; `entities[name]` keeps
 * one entity's literal operations.
 */
export function descriptorOf(name: EntityName): EntityDescriptor {
  const descriptor: EntityDescriptor | undefined = entities[name];
  // A stored entry (outbox, conflicts) written by an older build may name an entity since removed.
  if (!descriptor) throw new Error(`Unknown entity ${String(name)}`);
  return descriptor;
}

/** Whether a stored name (an outbox entry's, a conflict's) is one of the registry's. */
export const isEntityName = (name: string): name is EntityName => Object.hasOwn(entities, name);

/** What people call one record of `name` ("Child", "Meal"), for the review queue and messages. */
export const labelOf = (name: EntityName): string => entities[name].label;

/**
 * The call of `op`; `create`/`delete` effects are implied by those names. With the
 * record (`row`), the descriptor's `callFor` may pick the call its kind uses; the effect
 * is always the operation's own, so coalescing and rebasing (which ask without a row)
 * judge an entry the same way the replay sends it.
 */
export function callOf<D extends EntityDescriptor>(
  descriptor: D,
  op: keyof D['ops'] & string,
  row?: Fields | null,
): ResolvedCall & { effect: Effect } {
  const call = descriptor.ops[op];
  if (!call) throw new Error(`Unknown operation ${op} of ${descriptor.table}`);
  const chosen = (row && descriptor.callFor?.(op, row)) ?? call;
  return {
    ...resolveCall(chosen),
    effect: effectOf(op, call),
  };
}

/** What an operation does to its record: its call's effect, else the one its name implies. */
export const effectOf = (op: string, call: Call): Effect =>
  call.effect ?? (op === 'create' ? 'create' : op === 'delete' ? 'delete' : 'update');

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
export const pulledEntityNames = (): EntityName[] =>
  entityNames.filter((name) => (entities[name] as EntityDescriptor).pull !== false);

/**
 * Whether `user` may read `collection`, so the pull asks for it: the permission of its
 * list's endpoint row, as the server checks it (DESIGN.md, Pull).
 */
export const canReadCollection = (user: Principal, collection: EntityName): boolean =>
  isAllowed(user, wireEndpoints[descriptorOf(collection).list.endpoint].permission);
