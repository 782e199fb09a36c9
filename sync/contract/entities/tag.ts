import { z } from 'zod';
import { idSchema, timestampsShape } from './common';

/** A document tag (Tag Details list). */
export const tagSchema = z.object({ id: idSchema, name: z.string(), ...timestampsShape });
export type Tag = z.infer<typeof tagSchema>;
