import type { EntityDescriptor } from './types';
import { schemeFormSchema } from '../contract/forms';

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
