import type { z } from 'zod';
import type { WriteRequest } from '../engine/outbox';
import type { Fields } from '../engine/reconcile';
import { effectOf, entities, entityNames, type EntityName } from './registry';
import type { Call, Effect, EntityDescriptor } from './types';

/*
 * The typed command surface (STYLE habit 14): `requests.<entity>.<op>` builds the write of
 * one operation and `mutations.<entity>.<op>` (public-api) sends it to the outbox; both
 * are derived from the descriptors, so an entity's operations, their effects and their
 * field types are written once, in its module.
 */

type Files = Record<string, Blob>;
/** A form's fields as written: a field may be sent empty (null) to clear it. */
export type Sent<T> = { [K in keyof T]: T[K] | null };

/** The fields a screen writes for an entity: the output of its descriptor's schema, else any fields. */
type FieldsOf<D> = D extends { schema?: infer S }
  ? [NonNullable<S>] extends [never]
    ? Fields
    : NonNullable<S> extends z.ZodType
      ? z.output<NonNullable<S>>
      : Fields
  : Fields;
/** A screen's input of an entity whose module shapes the write itself (`toWrite`). */
type InputOf<D> = D extends { toWrite: (input: infer I) => unknown } ? I : never;

/** `create`/`update` take the entity's typed fields (or its module's input); named operations any fields. */
type OpFields<D, Op> = Op extends 'create' | 'update' ? FieldsOf<D> : Fields;

type EffectOf<Op, C> = C extends { effect: infer E extends Effect }
  ? E
  : Op extends 'create'
    ? 'create'
    : Op extends 'delete'
      ? 'delete'
      : 'update';

type OpRequest<F, E, I> = [I] extends [never]
  ? E extends 'create'
    ? (fields: Sent<F>, files?: Files) => WriteRequest
    : E extends 'delete'
      ? (cid: string) => WriteRequest
      : (cid: string, fields: Partial<Sent<F>>, files?: Files) => WriteRequest
  : E extends 'create'
    ? (input: I) => WriteRequest
    : E extends 'delete'
      ? (cid: string) => WriteRequest
      : (cid: string, input: I) => WriteRequest;

/** The writes of one entity's operations, by operation name. */
export type EntityRequests<D extends EntityDescriptor> = {
  [Op in keyof D['ops'] & string]: OpRequest<
    OpFields<D, Op>,
    EffectOf<Op, D['ops'][Op]>,
    Op extends 'create' | 'update' ? InputOf<D> : never
  >;
};

type Registry = typeof entities;
export type Requests = { [N in EntityName]: EntityRequests<Registry[N]> };

/** The same operations, each returning what `map` makes of its write. */
type Mapped<F, R> = F extends (...args: infer A) => WriteRequest ? (...args: A) => R : never;
export type EntityWrites<D extends EntityDescriptor, R> = {
  [Op in keyof EntityRequests<D>]: Mapped<EntityRequests<D>[Op], R>;
};
export type Writes<R> = { [N in EntityName]: EntityWrites<Registry[N], R> };

/** The module's own shaping of a screen's input into fields and files, when it has one. */
const shaped = (descriptor: EntityDescriptor, input: unknown): { fields?: Fields; files?: Files } =>
  descriptor.toWrite ? descriptor.toWrite(input as never) : { fields: input as Fields };

function opRequest(entity: EntityName, op: string, call: Call): (...args: unknown[]) => WriteRequest {
  const descriptor: EntityDescriptor = entities[entity];
  const ownInput = descriptor.toWrite !== undefined && (op === 'create' || op === 'update');
  switch (effectOf(op, call)) {
    case 'create':
      return (fields, files) => ({
        entity,
        op,
        ...(ownInput ? shaped(descriptor, fields) : { fields: fields as Fields, files: files as Files | undefined }),
      });
    case 'delete':
      return (cid) => ({ entity, op, cid: cid as string });
    case 'update':
      return (cid, fields, files) => ({
        entity,
        op,
        cid: cid as string,
        ...(ownInput ? shaped(descriptor, fields) : { fields: fields as Fields, files: files as Files | undefined }),
      });
  }
}

/** Every entity's writes, one function per operation of its descriptor. */
export const requests = Object.fromEntries(
  entityNames.map((entity) => [
    entity,
    Object.fromEntries(
      Object.entries(entities[entity].ops as Record<string, Call>).map(([op, call]) => [
        op,
        opRequest(entity, op, call),
      ]),
    ),
  ]),
) as Requests;

/** The writes of every entity passed through `send` (the outbox, for `mutations`). */
export const writesThrough = <R>(send: (request: WriteRequest) => R): Writes<R> =>
  Object.fromEntries(
    entityNames.map((entity) => [
      entity,
      Object.fromEntries(
        Object.entries(requests[entity] as Record<string, (...args: unknown[]) => WriteRequest>).map(([op, build]) => [
          op,
          (...args: unknown[]) => send(build(...args)),
        ]),
      ),
    ]),
  ) as Writes<R>;
