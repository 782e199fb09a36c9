import { z } from 'zod';
import { enumOf, genders, referredByOptions } from '../constants/options';
import { exitRestoreStatusKeys } from '../constants/status';
import { inScreenOrder } from '../rules/screen-order';
import { optionalChoice, optionalId, optionalText } from '../rules/fields';
import { dateRangeRule, dateRangeShape, optionalDate } from '../rules/date';

/*
 * Filter bodies of the lists. Every filter with dates obeys the date-range rule (both or
 * neither, To not before From); its message is an info toast. The spec does not list the
 * fields of the child list's 'Search User Details Filters'; ours are the list's columns
 * a worker searches by.
 */

const withDateRange = <S extends z.ZodRawShape>(shape: S) =>
  inScreenOrder(z.object({ ...shape, ...dateRangeShape }), dateRangeRule);

/** Child Registration List filter (/child-registrations body), with the arrival date range. */
export const childListFilterSchema = withDateRange({
  centerId: optionalId(),
  name: optionalText(),
  uniqueId: optionalText(),
  cwccaseno: optionalText(),
  gender: optionalChoice(enumOf(genders)),
  ReferredBy: optionalChoice(enumOf(referredByOptions)),
  case_type: optionalText(),
  history_status: optionalText(),
});
export type ChildListFilter = z.output<typeof childListFilterSchema>;

/** Centers filter: type and name. */
export const centerFilterSchema = z.object({ centertypeId: optionalId(), name: optionalText() });
export type CenterFilter = z.output<typeof centerFilterSchema>;

/** Users filter: center (as centertypeId), role and name. */
export const userFilterSchema = z.object({ centertypeId: optionalId(), role_id: optionalId(), name: optionalText() });
export type UserFilter = z.output<typeof userFilterSchema>;

/** Produce and Refer lists' filter. */
export const cwcListFilterSchema = withDateRange({ centerId: optionalId() });
export type CwcListFilter = z.output<typeof cwcListFilterSchema>;

/** Exit/restoration list by status key (and the short stay registration list without one). */
export const exitRestoreListFilterSchema = withDateRange({
  status: optionalChoice(exitRestoreStatusKeys),
  centerId: optionalId(),
});
export type ExitRestoreListFilter = z.output<typeof exitRestoreListFilterSchema>;

/** Meal Management filter (getMealData). */
export const mealFilterSchema = withDateRange({ center_id: optionalId(), meal_type: optionalId() });
export type MealFilter = z.output<typeof mealFilterSchema>;

/** Previous Balance filter (getPreviousBalance). */
export const previousBalanceFilterSchema = withDateRange({ centerId: optionalId(), activity_date: optionalDate() });
export type PreviousBalanceFilter = z.output<typeof previousBalanceFilterSchema>;

/** The ?page= of paged lists. */
export const pageQuerySchema = z.object({ page: z.coerce.number().int().positive().default(1) });
export type PageQuery = z.output<typeof pageQuerySchema>;

/**
 * Whether a center filter may be changed: only by all-center users (centerId 1); a
 * center-bound user has it preset to their own center.
 */
export const canChooseCenter = (userCenterId: number): boolean => userCenterId === 1;
