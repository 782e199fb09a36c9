import { z } from 'zod';
import { enumOf } from '../../constants/options';
import { medicalIssues } from '../../constants/ui-lists';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, requiredChoice } from '../../rules/fields';
import { uncheckedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/** Medical (POST /medical_consent): date label 'Medical Test Date'; documents not checked. */
export const medicalFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    medical_issues: requiredChoice(enumOf(medicalIssues), fieldRequired('medical_issues')),
    ...commentShape,
    documents: uncheckedDocumentsSchema,
  }),
);
export type MedicalForm = z.output<typeof medicalFormSchema>;
