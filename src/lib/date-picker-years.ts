import { DATE_PICKER_YEARS } from '../../sync/shell';

/**
 * The years every date picker lists: 100 of them (spec part 1: "The date picker lists 100
 * years"), ending with next year so a report's 31 March or a planned follow-up stays
 * reachable. Every DateInput gets it from the theme.
 */
export function datePickerYears(today: Date = new Date()): { minDate: string; maxDate: string } {
  const year = today.getFullYear();
  const last = year + 1;
  return { minDate: `${last - DATE_PICKER_YEARS + 1}-01-01`, maxDate: `${last}-12-31` };
}
