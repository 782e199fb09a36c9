import { adminList } from './admin-list';
import { centerFormSchema } from '../contract/forms';
import type { LocalOf } from './types';
import type { Center } from '../contract/entities/center';

/** A center as the device holds it. */
export type LocalCenter = LocalOf<Center>;

/** Centers (spec part 1 section 2). The status toggle is its own call, POST /center_status/{id}/{status}: the entry's `status` fills the path, the record's id the other parameter. */
export const centers = adminList('Center', 'centers', {
  add: 'centerAdd',
  update: 'centerUpdate',
  remove: 'centerDelete',
  list: 'centers',
  schema: centerFormSchema,
  extra: { status: { endpoint: 'centerStatus', effect: 'update' } },
});
