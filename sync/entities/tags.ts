import { adminList } from './admin-list';
import { tagFormSchema } from '../contract/forms';
import type { LocalOf } from './types';
import type { Tag } from '../contract/entities/tag';

/** A document tag as the device holds it. */
export type LocalTag = LocalOf<Tag>;

/** Tags (spec part 1 section 2): the document kinds. */
export const tags = adminList('Tag', 'tags', {
  add: 'tagAdd',
  update: 'tagUpdate',
  remove: 'tagDelete',
  list: 'tags',
  schema: tagFormSchema,
});
