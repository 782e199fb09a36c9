/** The eight dashboard tiles, in screen order, with their labels. */
export const dashboardTiles = [
  { key: 'children_supported', label: 'Children Supported' },
  { key: 'shelter_provided', label: 'Shelter Provided' },
  { key: 'meals_distributed', label: 'Meals Distributed' },
  { key: 'literacy_programme', label: 'Literacy Programme' },
  { key: 'school_going', label: 'School Going' },
  { key: 'medical_support', label: 'Medical Support' },
  { key: 'reunited_with_family', label: 'Reunited With Family' },
  { key: 'vocational_training_jobs', label: 'Vocational Training / Jobs' },
] as const;

/** A dashboard count key. */
export type DashboardTileKey = (typeof dashboardTiles)[number]['key'];

/** The dashboard count keys, as /dashboard returns them. */
export const dashboardTileKeys = dashboardTiles.map((t) => t.key);
