import type { z } from 'zod';
import { restoreFormSchema } from './actions/restore';
import { restorationFollowUpFormSchema } from './actions/restoration-follow-up';
import { medicalFormSchema } from './actions/medical';
import { educationFormSchema } from './actions/education';
import { mhpFormSchema } from './actions/mhp';
import { transferFormSchema } from './actions/transfer';
import { escortExitFormSchema } from './actions/escort-exit';
import { spsActionFormSchema } from './actions/sps';
import { centerChangeFormSchema } from './actions/center-change';
import { followUpsFormSchema } from './actions/follow-ups';
import type { EndpointName } from '../endpoints';

/** What the profile needs to open an action form: its title, date label, schema and save call. */
export type ActionFormSpec = {
  title: string;
  dateLabel: string;
  schema: z.ZodType;
  save: EndpointName;
};

/**
 * The per-child action forms of the profile (part 1, sections 2 and 5) with the date
 * label each shows. The title also makes the delete toast '{title} deleted successfully'.
 */
export const actionForms = {
  restore: { title: 'Restore', dateLabel: 'Restoration date', schema: restoreFormSchema, save: 'restoration' },
  restorationFollowUp: {
    title: 'Restoration Follow-Up',
    dateLabel: 'Restoration follow up date',
    schema: restorationFollowUpFormSchema,
    save: 'restorationFollowUp',
  },
  medical: { title: 'Medical', dateLabel: 'Medical Test Date', schema: medicalFormSchema, save: 'medicalConsent' },
  education: { title: 'Education', dateLabel: 'Educational Date', schema: educationFormSchema, save: 'education' },
  mhp: { title: 'MHP', dateLabel: 'Date', schema: mhpFormSchema, save: 'mhp' },
  transfer: { title: 'Transfer', dateLabel: 'Transfer date', schema: transferFormSchema, save: 'saveTransfer' },
  escortExit: {
    title: 'Escort/Exit',
    dateLabel: 'Date Of Escort/Exit',
    schema: escortExitFormSchema,
    save: 'saveEscortExit',
  },
  sps: {
    title: 'Social Protection Scheme',
    dateLabel: 'Date',
    schema: spsActionFormSchema,
    save: 'socialProtectionScheme',
  },
  centerChange: { title: 'Centers', dateLabel: 'Date', schema: centerChangeFormSchema, save: 'centerChange' },
  followUps: { title: 'Follow-Ups', dateLabel: 'Date', schema: followUpsFormSchema, save: 'followUp' },
} as const satisfies Record<string, ActionFormSpec>;
/** A key of {@link actionForms}. */
export type ActionFormKey = keyof typeof actionForms;

/** The label of the Transfer form's target center. */
export const TRANSFER_TARGET_LABEL = 'Transfer To Center';
