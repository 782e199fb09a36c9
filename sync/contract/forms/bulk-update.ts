import { z } from 'zod';
import { textLimits } from '../constants/limits';
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

const selected = z
  .array(requiredId(fieldRequired('childregId')), { error: fieldRequired('childregId') })
  .min(1, fieldRequired('childregId'));
const tail = {
  date: requiredDate(fieldRequired('date')),
  comment: requiredText(fieldRequired('comment'), textLimits.long),
};

const variant = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  inScreenOrder(z.object({ type: z.literal(type), bulk: selected, ...shape, ...tail }));

/** The bulk update payload, by type: education, medical, mhp, follow-ups, sps or center. */
export const bulkUpdateSchema = z.discriminatedUnion(
  'type',
  [
    variant('education', { education_type: requiredChoice(enumOf(educationTypes), fieldRequired('education_type')) }),
    variant('medical', { medical_issues: requiredChoice(enumOf(medicalIssues), fieldRequired('medical_issues')) }),
    variant('mhp', { mhp: requiredChoice(enumOf(mhpOptions), fieldRequired('mhp')) }),
    variant('follow-ups', { followupmethod: requiredChoice(enumOf(followUpMethods), messages.followUpMethodRequired) }),
    variant('sps', { social_protection_scheme: requiredText(messages.spsRequired) }),
    inScreenOrder(
      z.object({
        type: z.literal('center'),
        bulk: z
          .array(
            z.object({
              childregId: requiredId(fieldRequired('childregId')),
              centerId: requiredId(fieldRequired('centerId')),
            }),
          )
          .min(1, fieldRequired('childregId')),
        ...tail,
      }),
    ),
  ],
  { error: 'The type field is required.' },
);
export type BulkUpdate = z.output<typeof bulkUpdateSchema>;
export type BulkUpdateInput = z.input<typeof bulkUpdateSchema>;

/** Bulk Update is offered only when more than one row is selected. */
export const canBulkUpdate = (selectedCount: number): boolean => selectedCount > 1;

/** The toast after a bulk update is saved (ours: the spec shows "the server message after saves" without its wording). */
export const bulkUpdatedMessage = 'Bulk update saved successfully';

/** The most children one bulk update may name (one request, one transaction). */
export const BULK_UPDATE_MAX = 500;

/**
 * The history entry a bulk update writes for one child, the same columns the per-child
 * action of that type writes (server/actions/save.ts), so the profile's tables and
 * Present Status read it alike on the server and on the device before it syncs.
 */
export function bulkHistoryEntry(
  update: BulkUpdate,
  centerId?: number,
): Record<string, unknown> & { history_status: string } {
  const common = { transfer_date: update.date, history_date: update.date, comment: update.comment };
  switch (update.type) {
    case 'education':
      return {
        ...common,
        history_status: update.education_type === 'higher_education' ? 'higher_education' : 'education',
        education_type: update.education_type,
      };
    case 'medical':
      return { ...common, history_status: 'medical_issue', medical_issues: update.medical_issues };
    case 'mhp':
      return { ...common, history_status: 'mhp', mhp: update.mhp };
    case 'follow-ups':
      return { ...common, history_status: 'follow_up', restoration_method: update.followupmethod };
    case 'sps':
      return {
        ...common,
        history_status: 'social_protection_scheme',
        social_protection_scheme: update.social_protection_scheme,
      };
    case 'center':
      return { ...common, history_status: 'transfer', centerId };
  }
}
