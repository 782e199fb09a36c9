import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { centersDetails, centersList, centersPoints, listCenters } from './list';
import { addCenter, updateCenter } from './save';
import { deleteCenter, setCenterStatus } from './state';

/*
 * Centers (spec part 1, sections 2, 4, 5, 7): the pickers' lookups, the administration list
 * with filters and stat counts, add, update, delete and the status toggle. Who may call them
 * is decided by the endpoint table; updates, deletes and status changes honour If-Match
 * (sync/SPEC.md R11) and the list answers delta pulls (R15).
 */
export function registerCenterRoutes(api: Hono<AppEnv>) {
  api.get('/centers_list', centersList);
  api.get('/centers_points', centersPoints);
  api.get('/centers', listCenters);
  api.get('/centers_details', centersDetails);
  api.post('/center_add', addCenter);
  api.post('/center_update', updateCenter);
  api.delete('/center_delete/:id', deleteCenter);
  api.post('/center_status/:id/:status', setCenterStatus);
}
