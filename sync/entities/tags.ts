import { adminList } from './admin-list';
import { tagFormSchema } from '../contract/forms';

/** Tags (spec part 1 section 2): the document kinds. */
export const tags = adminList('Tag', 'tags', {
  add: 'tagAdd',
  update: 'tagUpdate',
  remove: 'tagDelete',
  list: 'tags',
  schema: tagFormSchema,
});
