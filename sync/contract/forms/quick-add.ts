import { z } from 'zod';
import { enumOf, genders, referredByOptions } from '../constants/options';
import { messages } from '../messages';
import { inScreenOrder, isFilled } from '../rules/screen-order';
import { optionalChoice, optionalId, requiredChoice, requiredText, optionalText } from '../rules/fields';
import { requiredDate } from '../rules/date';
import { imageFile } from '../rules/file';
import { childFieldRequired } from './child-labels';

/**
 * Quick Add modal, POST /child_add_2 (multipart). Every field is checked in screen
 * order. Spec part 1, section 5 (validation): "Name, gender, arrival date and image are
 * required." and "cwccaseno is checked only when ReferredBy is refer." ReferredBy and
 * centerdetailId are offered but optional; a child added without a center is registered
 * at the user's own center (server/children/add.ts settleCenter).
 */
export const quickAddSchema = inScreenOrder(
  z.object({
    name: requiredText(messages.nameRequired),
    gender: requiredChoice(enumOf(genders), messages.genderRequired),
    dateofarrival: requiredDate(childFieldRequired('dateofarrival')),
    image: imageFile(messages.imageRequired),
    ReferredBy: optionalChoice(enumOf(referredByOptions)),
    cwccaseno: optionalText(),
    centerdetailId: optionalId(),
  }),
  (v, addIssue) => {
    if (v.ReferredBy === 'refer' && !isFilled(v.cwccaseno)) addIssue('cwccaseno', childFieldRequired('cwccaseno'));
  },
);
export type QuickAdd = z.output<typeof quickAddSchema>;
export type QuickAddInput = z.input<typeof quickAddSchema>;
