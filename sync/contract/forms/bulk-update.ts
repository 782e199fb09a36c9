import { z } from 'zod';
import { educationTypes, enumOf, followUpMethods } from '../constants/options';
import { medicalIssues, mhpOptions } from '../constants/ui-lists';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { fieldRequired, requiredChoice, requiredId, requiredText } from '../rules/fields';
import { requiredDate } from '../rules/date';

/*
 * Bulk Update Details modal, POST /bulk_update (JSON). Every type requires its own field,
 * a date ('The Date field is required.') and a comment ('The comment field is required.').
 * `bulk` is the selected child ids; for the center move it is pairs of childregId and
 * centerId (the modal's center applied to each selected child).
 */

const selected = z.array(requiredId(fieldRequired('childregId')), { error: fieldRequired('childregId') }).min(1, fieldRequired('childregId'));
const tail = { date: requiredDate(fieldRequired('date')), comment: requiredText(fieldRequired('comment')) };

const variant = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  inScreenOrder(z.object({ type: z.literal(type), bulk: selected, ...shape, ...tail }));

/** The bulk update payload, by type: education, medical, mhp, follow-ups, sps or center. */
export const bulkUpdateSchema = z.discriminatedUnion('type', [
  variant('education', { education_type: requiredChoice(enumOf(educationTypes), fieldRequired('education_type')) }),
  variant('medical', { medical_issues: requiredChoice(enumOf(medicalIssues), fieldRequired('medical_issues')) }),
  variant('mhp', { mhp: requiredChoice(enumOf(mhpOptions), fieldRequired('mhp')) }),
  variant('follow-ups', { followupmethod: requiredChoice(enumOf(followUpMethods), messages.followUpMethodRequired) }),
  variant('sps', { social_protection_scheme: requiredText(messages.spsRequired) }),
  inScreenOrder(
    z.object({
      type: z.literal('center'),
      bulk: z
        .array(z.object({ childregId: requiredId(fieldRequired('childregId')), centerId: requiredId(fieldRequired('centerId')) }))
        .min(1, fieldRequired('childregId')),
      ...tail,
    }),
  ),
], { error: 'The type field is required.' });
export type BulkUpdate = z.output<typeof bulkUpdateSchema>;
export type BulkUpdateInput = z.input<typeof bulkUpdateSchema>;

/** Bulk Update is offered only when more than one row is selected. */
export const canBulkUpdate = (selectedCount: number): boolean => selectedCount > 1;
