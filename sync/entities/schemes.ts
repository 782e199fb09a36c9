import type { EntityDescriptor } from './types';
import { schemeFormSchema } from '../contract/forms';
import type { LocalRow } from '../db/app-db';
import type { Scheme } from '../contract/entities/scheme';

/** A social protection scheme as the device holds it. */
export type LocalScheme = LocalRow<Partial<Scheme> & { _deleted?: number }>;

/*
 * Social protection schemes (spec part 2, SPS Management). Listed by administrators only
 * (GET /sps answers 403 to anyone else), so the app's sync leaves them out and SPS
 * Management pulls them when it opens (`pullSchemes`); there is no delete call (status 0
 * retires one).
 */
export const schemes = {
  label: 'Social protection scheme',
  schema: schemeFormSchema,
  table: 'schemes',
  ops: {
    create: { endpoint: 'addSps', effect: 'create' },
    update: { endpoint: 'updateSps' },
  },
  view: { endpoint: 'getSps' },
  list: { endpoint: 'getSps' },
  refs: {},
  fileFields: [],
  pull: false,
} satisfies EntityDescriptor;
