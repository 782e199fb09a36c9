import { z } from 'zod';

const count = z.number().int().nonnegative();

/** GET /dashboard: the eight tile counts. */
export const dashboardCountsSchema = z.object({
  children_supported: count,
  shelter_provided: count,
  meals_distributed: count,
  literacy_programme: count,
  school_going: count,
  medical_support: count,
  reunited_with_family: count,
  vocational_training_jobs: count,
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
