import { z } from 'zod';
import { idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

/** A history entry of a child: one per action, the latest gives Present Status. */
export const historyEntrySchema = z.object({
  id: idSchema,
  childregId: idSchema.nullish(),
  center_data: nameRefSchema,
  history_status: z.string(),
  exit_type: nullableText,
  transfer_date: storedDateText,
  history_date: storedDateText,
  restore_to: nullableText,
  restore_to_address: nullableText,
  comment: nullableText,
  user_data_history: nameRefSchema,
  ...timestampsShape,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** An activity log row (/activitylogs/{childId}). */
export const activityLogSchema = z.object({
  id: idSchema,
  childregId: idSchema.nullish(),
  activity: nullableText,
  comment: nullableText,
  center_data: nameRefSchema,
  user_data: nameRefSchema,
  ...timestampsShape,
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/** GET /child_status/{id}: whether REOPEN is possible, and which actions are open. */
export const childStatusSchema = z.object({
  reopen: z.boolean(),
  actions: z.record(z.string(), z.boolean()).default({}),
});
export type ChildStatus = z.infer<typeof childStatusSchema>;

/** A row of the exit/restoration lists and of report details (part 2). */
export const childHistoryRowSchema = z.object({
  id: idSchema,
  childregId: idSchema.nullish(),
  child_data: z
    .object({
      id: idSchema.optional(),
      name: z.string(),
      uniqueId: nullableText,
      aadharno: nullableText,
      cwccaseno: nullableText,
      gender: nullableText,
      dateofarrival: storedDateText,
    })
    .nullish(),
  center_data: z.object({ name: z.string(), unique_centerId: nullableText }).nullish(),
  user_data_history: nameRefSchema,
  history_status: z.string(),
  exit_type: nullableText,
  transfer_date: storedDateText,
  session_number: nullableText,
  center_name: nullableText,
  ...timestampsShape,
});
export type ChildHistoryRow = z.infer<typeof childHistoryRowSchema>;
