import { z } from 'zod';
import { flagSchema, idSchema, nullableText, timestampsShape } from './common';

/** A center as GET /centers returns it. */
export const centerSchema = z.object({
  id: idSchema,
  centertypeId: idSchema,
  name: z.string(),
  email: nullableText,
  phone: nullableText,
  prefix: z.string(),
  address: nullableText,
  status: flagSchema,
  unique_centerId: nullableText,
  ...timestampsShape,
});
export type Center = z.infer<typeof centerSchema>;

/**
 * GET /centers_details: total_centers plus one count per center type. The per-type key
 * names are not in the spec; ours are the type names in snake case.
 */
export const centersDetailsSchema = z.object({
  total_centers: z.number().int(),
  contact_point: z.number().int(),
  open_shelter: z.number().int(),
  home: z.number().int(),
  child_help_line: z.number().int(),
});
export type CentersDetails = z.infer<typeof centersDetailsSchema>;

/** The keys of {@link centersDetailsSchema} per center type id. */
export const centersDetailsKeyByType = {
  1: 'contact_point',
  2: 'open_shelter',
  3: 'home',
  4: 'child_help_line',
} as const satisfies Record<number, keyof CentersDetails>;
