import { z } from 'zod';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { fieldRequired, optionalId, requiredId, requiredText } from '../rules/fields';
import { requiredDate } from '../rules/date';

const count = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(0, message),
  );

/**
 * Add/Edit Previous Balance. The spec requires centerId, activity_date and comment
 * without wording; ours are 'The Center field is required.', 'The Activity Date field is
 * required.' and 'The comment field is required.' (labels the spec lists). male and
 * female are numbers, 0 when left empty.
 */
export const previousBalanceFormSchema = inScreenOrder(
  z.object({
    id: optionalId(),
    centerId: requiredId(fieldRequired('centerId')),
    activity_date: requiredDate(fieldRequired('activity_date')),
    comment: requiredText(fieldRequired('comment')),
    male: count(messages.maleNotNumber),
    female: count(messages.femaleNotNumber),
  }),
);
export type PreviousBalanceForm = z.output<typeof previousBalanceFormSchema>;
