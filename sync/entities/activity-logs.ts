import type { EntityDescriptor } from './types';

/** A child's activity log (spec part 1 section 4): read, and deleted by the profile. */
export const activityLogs = {
  label: 'Activity log',
  table: 'activityLogs',
  ops: { delete: { endpoint: 'activityLogsDelete', effect: 'delete' } },
  view: { endpoint: 'activityLogs' },
  list: { endpoint: 'activityLogsAll' },
  refs: { childregId: 'children' },
  fileFields: [],
} satisfies EntityDescriptor;
