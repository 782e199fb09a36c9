import { adminList } from './admin-list';

/** Tags (spec part 1 section 2): the document kinds. */
export const tags = adminList('Tag', 'tags', { add: 'tagAdd', update: 'tagUpdate', remove: 'tagDelete', list: 'tags' });
