import { z } from 'zod';
import { REPORT_NO_VALUE, textLimits } from '../constants/limits';
import { inScreenOrder } from '../rules/screen-order';
import { optionalId, optionalText } from '../rules/fields';
import { dateRangeRule, dateRangeShape } from '../rules/date';

/*
 * Report requests of part 2, section 7. Search conditions that are missing are sent as
 * the sentinel 'novalue'.
 */

const line = () => z.string().max(textLimits.short);
const condition = z.preprocess((v) => (v === undefined || v === null || v === '' ? REPORT_NO_VALUE : v), line());

const reportShape = { centerId: optionalId(), ...dateRangeShape };

/** reports and groupReport2: center and date range. */
export const reportRequestSchema = inScreenOrder(z.object(reportShape), dateRangeRule);
export type ReportRequest = z.output<typeof reportRequestSchema>;

/** singleReport: a count's details. */
export const singleReportRequestSchema = z.object({
  ...reportShape,
  gender: optionalText(),
  where: condition,
  value: condition,
  where1: condition,
  value1: condition,
});
export type SingleReportRequest = z.output<typeof singleReportRequestSchema>;

/** A year as the report answer gives it (a number) or as a query string carries it. */
const year = () => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optionalText());

/** groupSingleReport: a group report count's details; type, where2, value2 when type is noaction. */
export const groupSingleReportRequestSchema = z.object({
  ...reportShape,
  pre_end_year: year(),
  pre_start_year: year(),
  where: condition,
  value: condition,
  where1: condition,
  value1: condition,
  isTotal: z.union([z.boolean(), line(), z.number()]).optional(),
  time: optionalText(),
  type: optionalText(),
  where2: condition.optional(),
  value2: condition.optional(),
});
export type GroupSingleReportRequest = z.output<typeof groupSingleReportRequestSchema>;

/** notifyList(centerId) and the notification count. */
export const notifyListRequestSchema = z.object({ centerId: optionalId() });
export type NotifyListRequest = z.output<typeof notifyListRequestSchema>;
