import { z } from 'zod';

/** A server id. */
export const idSchema = z.number().int();

/** A text the server may leave empty. */
export const nullableText = z.string().nullish();

/** A date as the server stores it, yyyy-MM-dd (not re-validated on read). */
export const storedDateText = z.string().nullish();

/** A flag the server sends as 1 or 0. */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** created_at and updated_at as the server formats them. */
export const timestampsShape = {
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
};

/** A related record the server embeds by name (center_data, user_data, child_data...). */
export const nameRefSchema = z.object({ id: idSchema.optional(), name: z.string().nullish() }).nullish();
/** An embedded related record carrying at least a name. */
export type NameRef = z.infer<typeof nameRefSchema>;
