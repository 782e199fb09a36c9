import type { EntityDescriptor } from './types';
import type { WireEndpointName } from '../contract/endpoints';
import { cwcMovesPresentStatus } from './present-status';

/*
 * CWC produce and refer (spec part 1 section 6): the same record and screens, each with
 * its own calls, history status and child flag. A CWC record may name a child created
 * offline (childregId indexed since Dexie v4): it waits for the child's create (R6).
 */
const cwcEntity = <
  C extends WireEndpointName,
  U extends WireEndpointName,
  D extends WireEndpointName,
  L extends WireEndpointName,
>(
  label: string,
  table: 'cwcProduce' | 'cwcRefer',
  calls: { create: C; update: U; delete: D; list: L },
  status: 'produceToCwc' | 'referFromCwc',
  flag: 'produce_cwc' | 'refer_cwc',
) =>
  ({
    label,
    table,
    ops: {
      create: { endpoint: calls.create, effect: 'create' as const },
      update: { endpoint: calls.update },
      delete: { endpoint: calls.delete, effect: 'delete' as const },
    },
    view: { endpoint: calls.list },
    list: { endpoint: calls.list },
    refs: { childregId: 'children' as const },
    fileFields: [],
    afterLocalWrite: cwcMovesPresentStatus(status, flag),
  }) satisfies EntityDescriptor;

export const cwcProduce = cwcEntity(
  'CWC produce',
  'cwcProduce',
  { create: 'produceToCwc', update: 'produceToCwcUpdate', delete: 'produceToCwcDelete', list: 'produce' },
  'produceToCwc',
  'produce_cwc',
);

export const cwcRefer = cwcEntity(
  'CWC refer',
  'cwcRefer',
  { create: 'referToCwc', update: 'referToCwcUpdate', delete: 'referToCwcDelete', list: 'refer' },
  'referFromCwc',
  'refer_cwc',
);
