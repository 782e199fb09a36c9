import { z } from 'zod';
import { flagSchema, idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

/** A user as GET /users returns it (image is a file name under the answer's image_path). */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  status: flagSchema,
  mobile_number: nullableText,
  join_date: storedDateText,
  image: nullableText,
  comment: nullableText,
  role_id: idSchema.nullish(),
  centerId: idSchema,
  role: nameRefSchema,
  center_data: nameRefSchema,
  ...timestampsShape,
});
export type User = z.infer<typeof userSchema>;
