import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { allTags, listTags } from './list';
import { addTag, deleteTag, updateTag } from './save';

/*
 * Document tags (spec part 1, sections 2, 5, 7): /tags_all for the document rows of any
 * signed-in user, and the administration list, add, update and delete.
 */
export function registerTagRoutes(api: Hono<AppEnv>) {
  api.get('/tags_all', allTags);
  api.get('/tags', listTags);
  api.post('/tag_add', addTag);
  api.post('/tag_update', updateTag);
  api.delete('/tag_delete/:id', deleteTag);
}
