import { z } from 'zod';
import { idSchema, nullableText } from './common';

const countCell = z.object({
  gender: z.enum(['Male', 'Female']),
  countgender: z.number().int(),
  search_1: nullableText,
  search_2: nullableText,
});
/** One gender count of a report category, with the search conditions to open its details. */
export type ReportCountCell = z.infer<typeof countCell>;

/** A report category: counts for the current period (new), the previous (pre) and earlier (till). */
export const reportCategorySchema = z.object({
  new: z.array(countCell),
  pre: z.array(countCell),
  till: z.array(countCell),
});
export type ReportCategory = z.infer<typeof reportCategorySchema>;

const reportMeta = {
  previousyeardata: z
    .object({ male: z.number().int(), female: z.number().int(), countgender: z.number().int() })
    .nullish(),
  start_year: z.union([z.string(), z.number()]).nullish(),
  end_year: z.union([z.string(), z.number()]).nullish(),
  pre_start_year: z.union([z.string(), z.number()]).nullish(),
  pre_end_year: z.union([z.string(), z.number()]).nullish(),
  center_name: nullableText,
  from_date: nullableText,
  to_date: nullableText,
  centerId: z.union([idSchema, z.string()]).nullish(),
  from_last: nullableText,
  to_last: nullableText,
};

/** The reports answer: metadata plus one block per category (keyed by category name). */
export const reportResponseSchema = z.object(reportMeta).catchall(z.unknown());
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** The meta keys of a report answer; every other key is a category block. */
export const reportMetaKeys = Object.keys(reportMeta);

/** One center's count in a group report row. */
export const groupReportCellSchema = z.object({
  total: z.number().int(),
  centerId: idSchema,
  searchParams: z.record(z.string(), z.unknown()).nullish(),
});
export type GroupReportCell = z.infer<typeof groupReportCellSchema>;

/** The groupReport2 answer: centers as columns, category rows, totals and previous balance. */
export const groupReportResponseSchema = z
  .object({
    AllCenterList: z.array(z.object({ id: idSchema.optional(), name: z.string() })),
    totalsum: z.unknown(),
    previous_balance: z.unknown(),
    date_range: z.unknown(),
  })
  .catchall(z.unknown());
export type GroupReportResponse = z.infer<typeof groupReportResponseSchema>;
