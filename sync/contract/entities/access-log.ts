import { z } from 'zod';
import { idSchema } from './common';

/*
 * The access log (our extension; DESIGN.md, Access log): every opening of a child's
 * personal data on a device — a profile tab, a document, photo or audio, a report's list of
 * children, a CSV export, a file download — queued on the device and sent in batches with
 * the next sync (POST /access_log), kept append-only on the server, read per child by
 * administrators (GET /child_access_log/{id}). Nothing in an entry names a child but ids.
 */

/** Kinds of access. `access_log_read` is the server's own entry for a read of the log. */
export const accessActions = [
  'profile_view',
  'document_view',
  'photo_view',
  'audio_view',
  'report_details',
  'csv_export',
  'file_download',
  'access_log_read',
] as const;
export type AccessAction = (typeof accessActions)[number];

/**
 * The most children one entry may list: an export of more is logged as several entries
 * (its parts), as a body holds at most 4,000 JSON values (server/core/body-limits.ts).
 */
export const MAX_ACCESS_CHILDREN = 1_000;
/** The most entries one POST /access_log may carry. */
export const MAX_ACCESS_BATCH = 100;
/** The most child ids one POST /access_log may carry in all its entries. */
export const MAX_ACCESS_BATCH_CHILDREN = 2_500;

/** One entry as the device queues and sends it; `key` makes a repeated send store it once. */
export const accessEntrySchema = z.object({
  key: z.uuid(),
  action: z.enum(accessActions).exclude(['access_log_read']),
  /** Empty only for an export that lists no child (a report of counts). */
  child_ids: z.array(idSchema).max(MAX_ACCESS_CHILDREN),
  /** When it happened on the device (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
  offline: z.boolean(),
  device_id: z.string().min(1).max(100),
  app_version: z.string().max(50).nullish(),
  /** What was opened, without personal data: a tab, a document id, a report's name. */
  subject: z.string().max(200).nullish(),
});
export type AccessEntry = z.infer<typeof accessEntrySchema>;

/** POST /access_log's body. */
export const accessLogBatchSchema = z.object({
  entries: z
    .array(accessEntrySchema)
    .min(1)
    .max(MAX_ACCESS_BATCH)
    .refine((entries) => entries.reduce((n, e) => n + e.child_ids.length, 0) <= MAX_ACCESS_BATCH_CHILDREN, {
      message: `At most ${MAX_ACCESS_BATCH_CHILDREN} children in one batch.`,
    }),
});
export type AccessLogBatch = z.infer<typeof accessLogBatchSchema>;

/**
 * One line of GET /child_access_log/{id}, newest first: an access (`kind: 'access'`) or a
 * write from the activity log (`kind: 'write'`, whose `offline` the server cannot know).
 */
export const childAccessRowSchema = z.object({
  kind: z.enum(['access', 'write']),
  action: z.string(),
  subject: z.string().nullable(),
  user_id: idSchema.nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  device_id: z.string().nullable(),
  at: z.string(),
  offline: z.boolean().nullable(),
});
export type ChildAccessRow = z.infer<typeof childAccessRowSchema>;
