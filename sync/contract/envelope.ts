import { z } from 'zod';
import { PAGE_SIZE } from './constants/limits';

/** Laravel-style pagination block returned by every paged list. */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Field errors as the server sends them on 422: `{ field: [message, ...] }`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The response envelope of every API call. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data: data.optional(),
    message: z.string().optional(),
    errors: z.union([fieldErrorsSchema, z.string(), z.null()]).optional(),
    pagination: paginationSchema.optional(),
    image_path: z.string().optional(),
  });

export type Envelope<T> = {
  success: boolean;
  data?: T;
  message?: string;
  errors?: FieldErrors | string | null;
  pagination?: Pagination;
  image_path?: string;
};

/**
 * The keyset position of a delta pull, our sync extension of the lists (sync/SPEC.md R15).
 * `after_change` is the database's change stamp (R22), a decimal string: a server that
 * stamps its rows so hands out cursors with it, and the device sends it back unread.
 */
export type DeltaCursor = { updated_since: string; after_id: number; after_change?: string };

/**
 * The `sync` block a delta page adds to the envelope: tombstones, the next page's cursor
 * (null on the last page) and, from a server that stamps its rows (R22), `cursor`: where
 * the next pull starts once this page is applied.
 */
export type SyncBlock = { deleted: number[]; next: DeltaCursor | null; cursor?: DeltaCursor };

/** Page size used when the server does not say otherwise. */
export const DEFAULT_PAGE_SIZE = PAGE_SIZE;

/** Builds the pagination block for `total` rows, page `page` of size `perPage`. */
export function paginate(total: number, page: number, perPage = DEFAULT_PAGE_SIZE): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const from = total === 0 ? null : (current - 1) * perPage + 1;
  const to = total === 0 ? null : Math.min(total, current * perPage);
  return { current_page: current, per_page: perPage, from, to, total, last_page: lastPage };
}
