import { adminList } from './admin-list';

/** Centers (spec part 1 section 2). The status toggle is its own call, POST /center_status/{id}/{status}: the entry's `status` fills the path, the record's id the other parameter. */
export const centers = adminList('Center', 'centers', {
  add: 'centerAdd',
  update: 'centerUpdate',
  remove: 'centerDelete',
  list: 'centers',
  extra: { status: { endpoint: 'centerStatus', effect: 'update' } },
});
