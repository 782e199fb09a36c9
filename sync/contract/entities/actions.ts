import { z } from 'zod';
import { childDocumentSchema } from './document';
import { idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

/** Fields every per-child action record carries. */
const actionBase = {
  id: idSchema,
  childregId: idSchema,
  centerId: idSchema.nullish(),
  transfer_date: storedDateText,
  comment: nullableText,
  center_data: nameRefSchema,
  user_data_history: nameRefSchema,
  documents: z.array(childDocumentSchema).nullish(),
  ...timestampsShape,
};

/** Restore and Restoration Follow-Up record (follow-up also has a filename). */
export const restorationRecordSchema = z.object({
  ...actionBase,
  restoration_method: nullableText,
  restore_to: nullableText,
  restore_to_address: nullableText,
  filename: nullableText,
});
export type RestorationRecord = z.infer<typeof restorationRecordSchema>;

export const medicalRecordSchema = z.object({ ...actionBase, medical_issues: nullableText });
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

export const educationRecordSchema = z.object({
  ...actionBase,
  education_type: nullableText,
  education_level: nullableText,
});
export type EducationRecord = z.infer<typeof educationRecordSchema>;

export const mhpRecordSchema = z.object({
  ...actionBase,
  mhp: nullableText,
  other: nullableText,
  session_number: z.string().default('session_1'),
});
export type MhpRecord = z.infer<typeof mhpRecordSchema>;

export const transferRecordSchema = z.object({ ...actionBase, current_centerId: idSchema.nullish() });
export type TransferRecord = z.infer<typeof transferRecordSchema>;

export const escortExitRecordSchema = z.object({
  ...actionBase,
  exit_type: z.enum(['escort', 'exit']).default('escort'),
  escort_exit_method: nullableText,
  escort_exit_to: nullableText,
  escort_exit_address: nullableText,
});
export type EscortExitRecord = z.infer<typeof escortExitRecordSchema>;

export const spsRecordSchema = z.object({ ...actionBase, social_protection_scheme: nullableText });
export type SpsRecord = z.infer<typeof spsRecordSchema>;

/** A centers change (center_history): the child moved to centerId on date. */
export const centerChangeRecordSchema = z.object({
  id: idSchema,
  childregId: idSchema,
  centerId: idSchema,
  date: storedDateText,
  comment: nullableText,
  center_data: nameRefSchema,
  user_data_history: nameRefSchema,
  ...timestampsShape,
});
export type CenterChangeRecord = z.infer<typeof centerChangeRecordSchema>;

/** One follow-up row (rows of method, date, comment and an optional file). */
export const followUpRecordSchema = z.object({
  ...actionBase,
  restoration_method: nullableText,
  filename: nullableText,
});
export type FollowUpRecord = z.infer<typeof followUpRecordSchema>;
