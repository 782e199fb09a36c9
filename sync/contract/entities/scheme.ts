import { z } from 'zod';
import { flagSchema, idSchema, timestampsShape } from './common';

/** A social protection scheme: status 1 Active/Enable, 0 Inactive/Disable. */
export const schemeSchema = z.object({ id: idSchema, name: z.string(), status: flagSchema, ...timestampsShape });
export type Scheme = z.infer<typeof schemeSchema>;
