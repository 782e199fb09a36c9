import { z } from 'zod';
import { idSchema, nameRefSchema, nullableText, timestampsShape } from './common';

/** A previous balance: counts of boys and girls carried into a center on a date. */
export const previousBalanceSchema = z.object({
  id: idSchema,
  centerId: idSchema,
  activity_date: z.string(),
  comment: nullableText,
  male: z.number().int().default(0),
  female: z.number().int().default(0),
  total_balance: z.number().int().nullish(),
  user_data: nameRefSchema,
  center_data: nameRefSchema,
  ...timestampsShape,
});
export type PreviousBalance = z.infer<typeof previousBalanceSchema>;
