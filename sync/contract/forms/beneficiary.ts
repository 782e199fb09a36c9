import { z } from 'zod';
import { enumOf, genders } from '../constants/options';
import { theFieldRequired } from '../messages';
import { requiredDate } from '../rules/date';
import { optionalChoice, optionalId, optionalText, requiredId, requiredText } from '../rules/fields';

/*
 * Non-registered beneficiaries (ours; spec part 2 names only the lists): people served
 * by education, medical or MHP without a child registration — a contact point's medical
 * camp, a school drive. Each is one service on one date at one center. The spec gives no
 * messages for this form; ours follow part 1's "The X field is required.".
 */

/** The services a beneficiary list belongs to, as the /education, /medical and /mhp routes name them. */
export const beneficiaryServices = ['education', 'medical', 'mhp'] as const;
export type BeneficiaryService = (typeof beneficiaryServices)[number];

/** History statuses of a service's registered beneficiaries (their latest entry is listed). */
export const serviceStatuses: Record<BeneficiaryService, readonly string[]> = {
  education: ['education', 'higher_education'],
  medical: ['medical_issue'],
  mhp: ['mhp'],
};

/** Add/Update non-registered beneficiary (beneficiaryAdd / beneficiaryUpdate). */
export const beneficiaryFormSchema = z.object({
  id: optionalId(),
  name: requiredText(theFieldRequired('Name')),
  gender: optionalChoice(enumOf(genders)),
  age: optionalText(),
  centerId: requiredId(theFieldRequired('Center')),
  service: z.enum(beneficiaryServices, { error: theFieldRequired('Service') }),
  service_date: requiredDate(theFieldRequired('Date')),
  comment: optionalText(),
});
export type BeneficiaryForm = z.output<typeof beneficiaryFormSchema>;
