import { z } from 'zod';
import { messages } from '../../messages';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredId, requiredText } from '../../rules/fields';
import { uncheckedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/**
 * Social Protection Scheme action (POST /social_protection_scheme): date label 'Date';
 * the scheme is a name from /sps_all ('Social Protection Scheme is required'); documents
 * not checked.
 */
export const spsActionFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    centerId: requiredId(fieldRequired('centerId')),
    social_protection_scheme: requiredText(messages.spsRequired),
    ...commentShape,
    documents: uncheckedDocumentsSchema,
  }),
);
export type SpsActionForm = z.output<typeof spsActionFormSchema>;
