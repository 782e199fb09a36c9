import { z } from 'zod';
import { enumOf, genders, referredByOptions } from '../constants/options';
import { messages } from '../messages';
import { inScreenOrder, isFilled } from '../rules/screen-order';
import { requiredChoice, requiredId, requiredText, optionalText } from '../rules/fields';
import { requiredDate } from '../rules/date';
import { imageFile } from '../rules/file';
import { childFieldRequired } from './child-labels';

/**
 * Quick Add modal, POST /child_add_2 (multipart). Every field is checked in screen
 * order; cwccaseno only when ReferredBy is refer.
 */
export const quickAddSchema = inScreenOrder(
  z.object({
    name: requiredText(messages.nameRequired),
    gender: requiredChoice(enumOf(genders), messages.genderRequired),
    dateofarrival: requiredDate(childFieldRequired('dateofarrival')),
    image: imageFile(messages.imageRequired),
    ReferredBy: requiredChoice(enumOf(referredByOptions), messages.referredByRequired),
    cwccaseno: optionalText(),
    centerdetailId: requiredId(childFieldRequired('centerdetailId')),
  }),
  (v, addIssue) => {
    if (v.ReferredBy === 'refer' && !isFilled(v.cwccaseno)) addIssue('cwccaseno', childFieldRequired('cwccaseno'));
  },
);
export type QuickAdd = z.output<typeof quickAddSchema>;
export type QuickAddInput = z.input<typeof quickAddSchema>;
