import type { EntityTable } from '../db/app-db';
import type { AfterLocalWrite } from './present-status';

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
