import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { childrenCount, fieldRequired, optionalId, requiredId, requiredText } from '../rules/fields';
import { requiredDate } from '../rules/date';

/**
 * Add/Edit Previous Balance. The spec requires centerId, activity_date and comment
 * without wording; ours are 'The Center field is required.', 'The Activity Date field is
 * required.' and 'The comment field is required.' (labels the spec lists). male and
 * female are numbers, 0 when left empty, at most what a center holds.
 */
export const previousBalanceFormSchema = inScreenOrder(
  z.object({
    id: optionalId(),
    centerId: requiredId(fieldRequired('centerId')),
    activity_date: requiredDate(fieldRequired('activity_date')),
    comment: requiredText(fieldRequired('comment'), textLimits.long),
    male: childrenCount(messages.maleNotNumber, 'Male', 0),
    female: childrenCount(messages.femaleNotNumber, 'Female', 0),
  }),
);
export type PreviousBalanceForm = z.output<typeof previousBalanceFormSchema>;
