import type { EntityDescriptor, LocalOf } from './types';
import { previousBalanceFormSchema } from '../contract/forms';
import type { PreviousBalance } from '../contract/entities/previous-balance';

/** A previous balance as the device holds it. */
export type LocalPreviousBalance = LocalOf<PreviousBalance>;

/*
 * Previous balances (spec part 2 section 7). The sync pulls them for an administrator or
 * viewer (canReadCollection), so the device's reports count them without their screen
 * opened first; the screen still pulls them when it opens (`pullPart2Lists`).
 */
export const previousBalances = {
  label: 'Previous balance',
  schema: previousBalanceFormSchema,
  table: 'previousBalances',
  ops: {
    create: { endpoint: 'addPreviousBalance', effect: 'create' },
    update: { endpoint: 'updatePreviousBalance' },
  },
  view: { endpoint: 'getPreviousBalance' },
  list: { endpoint: 'getPreviousBalance' },
  refs: {},
  fileFields: [],
} satisfies EntityDescriptor;
