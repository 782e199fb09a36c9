import { z } from 'zod';
import { rolePermissionsSchema } from '../permissions';
import { idSchema, timestampsShape } from './common';

/** A role: name stored lower-case, one permission block per module. */
export const roleSchema = z.object({
  id: idSchema,
  name: z.string(),
  permissions: rolePermissionsSchema.nullish(),
  ...timestampsShape,
});
export type Role = z.infer<typeof roleSchema>;
