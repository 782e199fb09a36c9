import { z } from 'zod';
import { enumOf, sessionOptions } from '../../constants/options';
import { mhpOptions } from '../../constants/ui-lists';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, optionalText, requiredChoice } from '../../rules/fields';
import { uncheckedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/**
 * MHP (POST /mhp): date label 'Date'; session_number defaults to session_1; `other` is
 * not checked (any text or nothing); documents not checked.
 */
export const mhpFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    session_number: z.preprocess(
      (v) => (v === undefined || v === '' ? 'session_1' : v),
      z.enum(enumOf(sessionOptions)),
    ),
    mhp: requiredChoice(enumOf(mhpOptions), fieldRequired('mhp')),
    other: optionalText(),
    ...commentShape,
    documents: uncheckedDocumentsSchema,
  }),
);
export type MhpForm = z.output<typeof mhpFormSchema>;
