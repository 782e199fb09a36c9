import { z } from 'zod';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredId } from '../../rules/fields';
import { requiredDate } from '../../rules/date';
import { childShape, commentShape } from './base';

/** Centers change (POST /center_change): centerId, date ('The Date field is required.'), comment. */
export const centerChangeFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    centerId: requiredId(fieldRequired('centerId')),
    date: requiredDate(fieldRequired('date')),
    ...commentShape,
  }),
);
export type CenterChangeForm = z.output<typeof centerChangeFormSchema>;
