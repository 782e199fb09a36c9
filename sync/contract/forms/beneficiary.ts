import { z } from 'zod';
import { textLimits } from '../constants/limits';
import { enumOf, genders } from '../constants/options';
import { messages, theFieldRequired } from '../messages';
import { requiredDate } from '../rules/date';
import { documentFile } from '../rules/file';
import { optionalAge, optionalChoice, optionalId, optionalText, requiredId, requiredText } from '../rules/fields';

/*
 * Non-registered beneficiaries (ours; spec part 2 names only the lists): people served
 * by education, medical or MHP without a child registration — a contact point's medical
 * camp, a school drive. Each is one service on one date at one center. The spec gives no
 * messages for this form; ours follow part 1's "The X field is required.". Age and comment
 * are checked as a child's are (part 1 section 5: age digits with a decimal point; the
 * lengths of textLimits).
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
  age: optionalAge(),
  centerId: requiredId(theFieldRequired('Center')),
  service: z.enum(beneficiaryServices, { error: theFieldRequired('Service') }),
  service_date: requiredDate(theFieldRequired('Date')),
  comment: optionalText(textLimits.long),
});
export type BeneficiaryForm = z.output<typeof beneficiaryFormSchema>;

/*
 * A beneficiary's documents (ours, like the beneficiaries: the spec's non-registered
 * beneficiary carries "documents" and shows no form for them). A row is what a child's
 * document row is (spec part 1, section 5) without the audio: the tag (the document's
 * type), its date, the file and a comment, with the same messages. Unlike a child's row
 * the file is required: a document row without its file says 'Documents is required.',
 * as Add Document does for a child's row without its file.
 */

/** One document row of the Add/Update Beneficiary form. */
export const beneficiaryDocumentRowSchema = z.object({
  tagId: requiredId(messages.docTagRequired),
  doc_date: requiredDate(messages.docDateRequired),
  filename: documentFile(messages.documentsRequired),
  comment: optionalText(textLimits.long),
});
export type BeneficiaryDocumentRow = z.output<typeof beneficiaryDocumentRowSchema>;

/** POST /beneficiary_document_add (multipart): one document of one beneficiary. */
export const beneficiaryDocumentAddSchema = beneficiaryDocumentRowSchema.extend({
  beneficiaryId: requiredId(theFieldRequired('Beneficiary')),
});
export type BeneficiaryDocumentAdd = z.output<typeof beneficiaryDocumentAddSchema>;

/**
 * The Add/Update Beneficiary form as it is checked on the screen: the beneficiary, then its
 * new document rows (below it on the form), so a row's failing field is marked where it is.
 */
export const beneficiaryWithDocumentsFormSchema = beneficiaryFormSchema.extend({
  documents: z.array(beneficiaryDocumentRowSchema).optional(),
});
