import type { EntityTable } from './db/app-db';
import { historyMovesPresentStatus, type AfterLocalWrite } from './present-status';
import { adminEntities } from './entities-admin';
import { actionEntities } from './entities-actions';

/** How one call is made, and what it does to the record. */
export type Call = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  kind: 'none' | 'json' | 'multipart';
  /** 'create' answers a new record, 'delete' removes it; 'update' changes it (the default). */
  effect?: 'create' | 'update' | 'delete';
  /** 'first': the answer's `data` is a list of the records the call stored, of which the entry sent one. */
  answer?: 'first';
};

/**
 * What the sync engine needs to know of an entity: its calls per operation, which
 * of its fields point at other records (so cids can be remapped to server ids), and
 * which are files.
 */
export type EntityDescriptor = {
  table: EntityTable;
  /** Operations by name: at least create, update and delete; actions add their own. */
  ops: Record<string, Call>;
  view: Call;
  list: Call;
  /** field -> the table whose record it references (by cid until created, then id). */
  refs: Record<string, EntityTable>;
  /** Fields carrying files (Blob keys in `files` until sent). */
  fileFields: string[];
  /** Pulled onto the device by the app's sync (default true). */
  pull?: boolean;
  /** One call creates many rows and answers them as a list (sync/batch.ts). */
  batch?: boolean;
  /** What else a local write changes, in its transaction (a history row moves its child's Present Status). */
  afterLocalWrite?: AfterLocalWrite;
};

/** The entities the engine syncs, with the calls of each. */
export const entities = {
  children: {
    table: 'children',
    ops: {
      create: { method: 'POST', path: '/child_add', kind: 'multipart', effect: 'create' },
      quickAdd: { method: 'POST', path: '/child_add_2', kind: 'multipart', effect: 'create' },
      update: { method: 'POST', path: '/child_update', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/child_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/child_view/:id', kind: 'none' },
    list: { method: 'POST', path: '/child-registrations', kind: 'json' },
    refs: {},
    fileFields: ['image'],
  },
  history: {
    table: 'history',
    ops: {
      create: { method: 'POST', path: '/medical_consent', kind: 'multipart', effect: 'create' },
      medical: { method: 'POST', path: '/medical_consent', kind: 'multipart', effect: 'create' },
      update: { method: 'POST', path: '/update_medical', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/listing_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/history_view/:id', kind: 'none' },
    list: { method: 'GET', path: '/history', kind: 'none' },
    refs: { childregId: 'children' },
    fileFields: [],
    afterLocalWrite: historyMovesPresentStatus,
  },
  ...adminEntities,
  ...actionEntities,
} satisfies Record<string, EntityDescriptor>;

export type EntityName = keyof typeof entities;

export function descriptorOf(name: string): EntityDescriptor {
  const descriptor = (entities as Record<string, EntityDescriptor>)[name];
  if (!descriptor) throw new Error(`Unknown entity ${name}`);
  return descriptor;
}

/** The call of `op`; `create`/`delete` effects are implied by those names. */
export function callOf(descriptor: EntityDescriptor, op: string): Call & { effect: 'create' | 'update' | 'delete' } {
  const call = descriptor.ops[op];
  if (!call) throw new Error(`Unknown operation ${op} of ${descriptor.table}`);
  return { ...call, effect: call.effect ?? (op === 'create' ? 'create' : op === 'delete' ? 'delete' : 'update') };
}

/** Fills `:id`-style parameters of a path. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/:([a-zA-Z_]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));

/** Collections the app pulls, parents first (the order of `entities`). */
export const pulledEntityNames = (): string[] =>
  Object.entries(entities as Record<string, EntityDescriptor>)
    .filter(([, d]) => d.pull !== false)
    .map(([name]) => name);
