import type { EntityDescriptor, LocalOf } from './types';
import { childUpdateSchema } from '../contract/forms';
import type { Child } from '../contract/entities/child';

/** A child as the device holds it: the server's fields (or the form's, while pending) plus sync columns. */
export type LocalChild = LocalOf<Child>;

/** Registered children (spec part 1 sections 3 and 5): the full form, Quick Add, edit and delete. */
export const children = {
  label: 'Child',
  schema: childUpdateSchema,
  table: 'children',
  ops: {
    create: { endpoint: 'childAdd', effect: 'create' },
    quickAdd: { endpoint: 'childAddQuick', effect: 'create' },
    update: { endpoint: 'childUpdate' },
    delete: { endpoint: 'childDelete', effect: 'delete' },
  },
  view: { endpoint: 'childView' },
  list: { endpoint: 'childRegistrations' },
  refs: {},
  fileFields: ['image'],
} satisfies EntityDescriptor;
