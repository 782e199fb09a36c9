import type { ZodType } from 'zod';
import type { Call, EntityDescriptor } from './types';
import type { WireEndpointName } from '../contract/endpoints';
import type { EntityTable } from '../db/app-db';

/*
 * Centers, tags, roles and users (spec part 1, sections 2 and 7) share one shape. Their
 * lists are for administrators only (the server answers 403 to anyone else), so the app's
 * sync, which pulls the same collections for every user, leaves them out (`pull: false`);
 * the administration screens pull them (`pullAdminLists`, queries/admin).
 */

/** An admin-only list with add, update and delete calls of the spec's naming; `extra` adds named operations. */
export const adminList = <
  T extends EntityTable,
  A extends WireEndpointName,
  U extends WireEndpointName,
  R extends WireEndpointName,
  L extends WireEndpointName,
  X extends Record<string, Call> = Record<never, Call>,
  S extends ZodType | undefined = undefined,
  W extends EntityDescriptor['toWrite'] = undefined,
>(
  label: string,
  table: T,
  calls: { add: A; update: U; remove: R; list: L; schema?: S; extra?: X; fileFields?: string[]; toWrite?: W },
) =>
  ({
    label,
    schema: calls.schema as S,
    toWrite: calls.toWrite as W,
    table,
    ops: {
      create: { endpoint: calls.add, effect: 'create' as const },
      update: { endpoint: calls.update },
      ...(calls.extra ?? ({} as X)),
      delete: { endpoint: calls.remove, effect: 'delete' as const },
    },
    view: { endpoint: calls.list },
    list: { endpoint: calls.list },
    refs: {},
    fileFields: calls.fileFields ?? [],
    pull: false,
  }) satisfies EntityDescriptor;
