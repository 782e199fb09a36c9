import { z } from 'zod';
import { idSchema, nameRefSchema, nullableText, timestampsShape } from './common';

/** A notification row (notifyList). Marked read, it leaves the list. */
export const notificationSchema = z.object({
  id: idSchema,
  childregId: idSchema,
  child_data: nameRefSchema,
  center_data: nameRefSchema,
  user_data_history: nameRefSchema,
  comment: nullableText,
  ...timestampsShape,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notify_list_count/{centerId}: the bell's count and the age of the newest. */
export const notificationCountSchema = z.object({
  record_count: z.number().int().nonnegative(),
  timeDiff: z.union([z.string(), z.number()]).nullish(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;
