import { z } from 'zod';
import { inScreenOrder } from '../rules/screen-order';
import { fieldRequired, optionalText, requiredId } from '../rules/fields';
import {
  additionalInfoShape,
  basicInfoShape,
  caseDetailsRules,
  caseDetailsShape,
  documentsStepShape,
} from './registration-steps';

/** Wizard step 0: name, dateofarrival, gender ('Gender is required'), picture. */
export const registrationStep0Schema = inScreenOrder(z.object(basicInfoShape));

/** Wizard step 1: 'Reffered By is required', cwccaseno when refer, short stay, contact, location, reference. */
export const registrationStep1Schema = inScreenOrder(z.object(caseDetailsShape), caseDetailsRules);

/** Wizard step 2: document rows (tag and date per row). */
export const registrationStep2Schema = inScreenOrder(z.object(documentsStepShape));

/** Wizard step 3: the final step's optional details; Finish submits. */
export const registrationStep3Schema = inScreenOrder(z.object(additionalInfoShape));

/** The wizard's steps in order; a step is left only when its schema passes. */
export const registrationStepSchemas = [
  registrationStep0Schema,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
] as const;

const registrationShape = {
  ...basicInfoShape,
  ...caseDetailsShape,
  ...documentsStepShape,
  ...additionalInfoShape,
};

/** POST /child_add (multipart): the whole wizard, as the server checks it. */
export const childRegistrationSchema = inScreenOrder(z.object(registrationShape), caseDetailsRules);
export type ChildRegistration = z.output<typeof childRegistrationSchema>;
export type ChildRegistrationInput = z.input<typeof childRegistrationSchema>;

/** POST /child_update (multipart): the registration plus id and the image kept (old_image). */
export const childUpdateSchema = inScreenOrder(
  z.object({ id: requiredId(fieldRequired('childregId')), ...registrationShape, old_image: optionalText() }),
  caseDetailsRules,
);
export type ChildUpdate = z.output<typeof childUpdateSchema>;

/** Which wizard step a field belongs to, to jump back to the step of a server error. */
export function registrationStepOf(field: string): 0 | 1 | 2 | 3 | undefined {
  const key = field.split('.')[0];
  if (key in basicInfoShape) return 0;
  if (key in caseDetailsShape) return 1;
  if (key in documentsStepShape) return 2;
  if (key in additionalInfoShape) return 3;
  return undefined;
}
