import { z } from 'zod';
import { textLimits } from '../../constants/limits';
import { enumOf, restorationMethods } from '../../constants/options';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredChoice, requiredId, requiredText } from '../../rules/fields';
import { checkedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/** Restore fields in screen order, shared with Restoration Follow-Up. */
export const restoreShape = {
  ...childShape,
  ...actionDateShape,
  centerId: requiredId(fieldRequired('centerId')),
  restoration_method: requiredChoice(enumOf(restorationMethods), fieldRequired('restoration_method')),
  restore_to: requiredText(fieldRequired('restore_to')),
  restore_to_address: requiredText(fieldRequired('restore_to_address'), textLimits.long),
  ...commentShape,
  documents: checkedDocumentsSchema,
};

/** Restore (POST /restoration): date label 'Restoration date'; document rows checked. */
export const restoreFormSchema = inScreenOrder(z.object(restoreShape));
export type RestoreForm = z.output<typeof restoreFormSchema>;
