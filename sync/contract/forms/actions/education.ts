import { z } from 'zod';
import { educationLevels, educationTypes, enumOf } from '../../constants/options';
import { inScreenOrder } from '../../rules/screen-order';
import { fieldRequired, optionalChoice, requiredChoice } from '../../rules/fields';
import { uncheckedDocumentsSchema } from '../documents';
import { actionDateShape, childShape, commentShape } from './base';

/** Education (POST /education): date label 'Educational Date'; level optional; documents not checked. */
export const educationFormSchema = inScreenOrder(
  z.object({
    ...childShape,
    ...actionDateShape,
    education_type: requiredChoice(enumOf(educationTypes), fieldRequired('education_type')),
    education_level: optionalChoice(enumOf(educationLevels)),
    ...commentShape,
    documents: uncheckedDocumentsSchema,
  }),
);
export type EducationForm = z.output<typeof educationFormSchema>;
