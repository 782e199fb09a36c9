import { z } from 'zod';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredId } from '../../rules/fields';
import { checkedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/**
 * Transfer (POST /save_transfer): date label 'Transfer date', the target center labelled
 * 'Transfer To Center' ('The Center field is required.'); document rows checked.
 */
export const transferFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    current_centerId: requiredId(fieldRequired('current_centerId')),
    centerId: requiredId(fieldRequired('centerId')),
    ...commentShape,
    documents: checkedDocumentsSchema,
  }),
);
export type TransferForm = z.output<typeof transferFormSchema>;
