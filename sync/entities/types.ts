import type { ZodType } from 'zod';
import type { EntityTable, RowSyncState } from '../db/app-db';
import type { AfterLocalWrite } from './present-status';
import type { HttpMethod, PayloadKind, WireEndpointName } from '../contract/endpoints';
import type { Fields } from '../engine/reconcile';
import type { FieldSpecs } from '../contract/forms/field-specs';

/**
 * Which endpoint row an operation sends, and what it does to the record. Method, path
 * and body kind come from the row (sync/contract/endpoints), never from here.
 */
/** What an operation does to its record. */
export type Effect = 'create' | 'update' | 'delete';

export type Call = {
  endpoint: WireEndpointName;
  /** 'create' answers a new record, 'delete' removes it; 'update' changes it (the default). */
  effect?: Effect;
  /** 'first': the answer's `data` is a list of the records the call stored, of which the entry sent one. */
  answer?: 'first';
  /**
   * Path parameter -> the payload field it is filled from. Unnamed parameters take the
   * payload field of their own name, except `id`, which is the record's server id.
   */
  params?: Record<string, string>;
  /** Shapes the body from the entry's payload (one document row travels as documents[0]). */
  body?: (payload: Fields) => Fields;
};

/** A call with its row's method, path and body kind. */
export type ResolvedCall = Call & { method: HttpMethod; path: string; kind: PayloadKind };

/**
 * What the sync engine needs to know of an entity: its calls per operation, which
 * of its fields point at other records (so cids can be remapped to server ids), and
 * which are files.
 */
export type EntityDescriptor = {
  /**
   * The contract's form schema of the fields a screen writes; its output types the
   * entity's `create` and `update` (`mutations.tags.create({ name })`).
   */
  schema?: ZodType;
  /**
   * Shapes a screen's input into the record's fields and files (the multipart names the
   * server reads), when the entity's wire shape is not its form's: its `create` and
   * `update` then take that input.
   */
  toWrite?: (input: never) => { fields: Fields; files?: Record<string, Blob> };
  /** What people call one record, in the spec's words ("Child", "Meal"): review queue, messages. */
  label: string;
  /**
   * Its form's fields (label, input, choices), declared once for the form and the review
   * queue; a field not declared reads through the contract's `fieldSpecOf`.
   */
  fields?: FieldSpecs;
  /**
   * The form schema a correction in the review queue is checked with, when `schema` is not
   * the form's (a CWC form is written through `toWrite`); defaults to `schema`.
   */
  formSchema?: ZodType;
  table: EntityTable;
  /** Operations by name: at least create, update and delete; actions add their own. */
  ops: Record<string, Call>;
  /**
   * The call an operation sends for this record, when it depends on the record (a history
   * entry's kind picks /update_education or /update_mhp); undefined keeps `ops[op]`. Only
   * {@link callOf} asks it, and the operation's effect stays the one its name implies.
   */
  callFor?: (op: string, row: Fields) => Call | undefined;
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

/**
 * An entity's record as the device holds it: the server's fields (or the form's, while
 * pending) with the sync columns; `_deleted` is set while a delete waits to be sent.
 */
export type LocalOf<T> = Partial<T> & {
  cid: string;
  _sync?: RowSyncState;
  _deleted?: number;
  [field: string]: unknown;
};
