import { z } from 'zod';
import { idSchema, nullableText } from './common';

/** GET /country row. */
export const countrySchema = z.object({ id: idSchema, name: z.string() });
export type Country = z.infer<typeof countrySchema>;

/** GET /state/{countryId} row. */
export const stateSchema = z.object({ id: idSchema, name: z.string(), country_id: idSchema.nullish() });
export type State = z.infer<typeof stateSchema>;

/** GET /city/{stateId} row. */
export const citySchema = z.object({ id: idSchema, name: z.string(), state_id: idSchema.nullish() });
export type City = z.infer<typeof citySchema>;

/** GET /districts/{stateId} row. */
export const districtSchema = z.object({ id: idSchema, name: z.string(), state_id: idSchema.nullish() });
export type District = z.infer<typeof districtSchema>;

/**
 * A center option of the center selects (GET /centers_list, getMealCenters). Our server's
 * centers_list adds the center's unique_centerId (report details offline); the spec's
 * backend gives id and name only.
 */
export const centerOptionSchema = z.object({ id: idSchema, name: z.string(), unique_centerId: nullableText });
export type CenterOption = z.infer<typeof centerOptionSchema>;

/** A center point (GET /centers_points): a center type to choose on the center form. */
export const centerPointSchema = z.object({ centertypeId: idSchema, centername: z.string() });
export type CenterPoint = z.infer<typeof centerPointSchema>;
