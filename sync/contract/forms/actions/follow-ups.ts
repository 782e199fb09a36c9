import { z } from 'zod';
import { textLimits } from '../../constants/limits';
import { enumOf, followUpMethods } from '../../constants/options';
import { messages } from '../../messages';
import { inScreenOrder } from '../../rules/screen-order';
import { requiredChoice, requiredText } from '../../rules/fields';
import { requiredDate } from '../../rules/date';
import { documentFile, keptOrNewFile } from '../../rules/file';
import { childShape } from './base';

/**
 * One Follow-Ups row. The spec says each of method, date and comment has its own message
 * without the wording; ours: 'Follow-Up Method is required' (a message the spec lists),
 * 'Follow-Up Date is required', 'Follow-Up Comment is required'.
 */
export const followUpRowSchema = z.object({
  restoration_method: requiredChoice(enumOf(followUpMethods), messages.followUpMethodRequired),
  transfer_date: requiredDate(messages.followUpDateRequired),
  comment: requiredText(messages.followUpCommentRequired, textLimits.long),
  filename: keptOrNewFile(documentFile(messages.fileTooLarge)),
});
export type FollowUpRow = z.output<typeof followUpRowSchema>;

/** Follow-Ups (POST /follow_up, rows sent as follow_up_data[i][field]); at least one row. */
export const followUpsFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    follow_up_data: z.array(followUpRowSchema).min(1, messages.followUpMethodRequired),
  }),
);
export type FollowUpsForm = z.output<typeof followUpsFormSchema>;
