export { exitRestoreRoutes } from '../../sync';

/** Labels of history statuses shown on lists (spec part 2, section 2). */
const labels: Record<string, string> = {
  by_police: 'Escort by Police',
  by_sbt_staff: 'Escort by staff',
  by_third_party: 'Escort by Third Party',
  rehabilitation: 'Rehabilitation/ Set Free',
  dropout: 'Exited after taking services/ Dropout',
  other_cci: 'Transfer to other NGO/CCI',
  other_ngo: 'Placed to a shelter',
};

/** A status key as users read it; other statuses show with underscores turned into spaces. */
export const statusLabelOf = (status: string): string => labels[status] ?? status.replace(/_/g, ' ');
