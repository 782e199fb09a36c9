import { z } from 'zod';
import { loginRequestSchema } from '../auth';
import { accessLogBatchSchema } from '../entities/access-log';
import { centerFormSchema } from '../forms/center';
import { tagFormSchema } from '../forms/tag';
import { roleFormSchema, rolePermissionRequestSchema } from '../forms/role';
import { userCreateFormSchema, userUpdateFormSchema } from '../forms/user';
import { childListFilterSchema } from '../forms/filters';
import { childRegistrationSchema, childUpdateSchema } from '../forms/registration';
import { quickAddSchema } from '../forms/quick-add';
import { childDocumentUpdateSchema } from '../forms/documents';
import { bulkUpdateSchema } from '../forms/bulk-update';
import { restoreFormSchema } from '../forms/actions/restore';
import { restorationFollowUpFormSchema } from '../forms/actions/restoration-follow-up';
import { medicalFormSchema } from '../forms/actions/medical';
import { educationFormSchema } from '../forms/actions/education';
import { mhpFormSchema } from '../forms/actions/mhp';
import { transferFormSchema } from '../forms/actions/transfer';
import { escortExitFormSchema } from '../forms/actions/escort-exit';
import { spsActionFormSchema } from '../forms/actions/sps';
import { centerChangeFormSchema } from '../forms/actions/center-change';
import { followUpsFormSchema } from '../forms/actions/follow-ups';
import { cwcProduceFormSchema, cwcReferFormSchema } from '../forms/cwc';
import { exitRestoreListFilterSchema, mealFilterSchema, previousBalanceFilterSchema } from '../forms/filters';
import { mealFormSchema } from '../forms/meal';
import { previousBalanceFormSchema } from '../forms/previous-balance';
import { schemeFormSchema } from '../forms/scheme';
import { beneficiaryDocumentAddSchema, beneficiaryFormSchema } from '../forms/beneficiary';
import { groupSingleReportRequestSchema, reportRequestSchema, singleReportRequestSchema } from '../forms/reports';
import type { WireEndpointName } from '../endpoints';
import { optionalId, optionalText } from '../rules/fields';

/*
 * The payload schema of each row that carries a body: what the server validates the
 * request with, so the fields a client may send are the schema's keys. A body row not
 * listed here has no client yet; the wire test refuses a request to it.
 */
/** An update of a history entry names it by `id` beside the action's fields. */
const withId = <S extends z.ZodObject>(schema: S) => z.object({ ...schema.shape, id: optionalId() });

export const payloadSchemas: Partial<Record<WireEndpointName, z.ZodType>> = {
  login: loginRequestSchema,
  accessLog: accessLogBatchSchema,
  centerAdd: centerFormSchema,
  centerUpdate: centerFormSchema,
  tagAdd: tagFormSchema,
  tagUpdate: tagFormSchema,
  roleAdd: roleFormSchema,
  roleUpdate: roleFormSchema,
  rolePermission: rolePermissionRequestSchema,
  register: userCreateFormSchema,
  userUpdate: userUpdateFormSchema,
  childRegistrations: childListFilterSchema,
  childAdd: childRegistrationSchema,
  childAddQuick: quickAddSchema,
  childUpdate: childUpdateSchema,
  childDocumentUpdate: childDocumentUpdateSchema,
  bulkUpdate: bulkUpdateSchema,
  restoration: restoreFormSchema,
  restorationFollowUp: restorationFollowUpFormSchema,
  medicalConsent: medicalFormSchema,
  addMedical: medicalFormSchema,
  saveMedical: medicalFormSchema,
  updateMedical: withId(medicalFormSchema),
  education: educationFormSchema,
  addEducation: educationFormSchema,
  saveEducation: educationFormSchema,
  updateEducation: withId(educationFormSchema),
  mhp: mhpFormSchema,
  addMhp: mhpFormSchema,
  saveMhp: mhpFormSchema,
  updateMhp: withId(mhpFormSchema),
  saveTransfer: transferFormSchema,
  saveEscortExit: escortExitFormSchema,
  socialProtectionScheme: spsActionFormSchema,
  centerChange: centerChangeFormSchema,
  followUp: followUpsFormSchema,
  produceToCwc: cwcProduceFormSchema,
  produceToCwcUpdate: cwcProduceFormSchema,
  referToCwc: cwcReferFormSchema,
  referToCwcUpdate: cwcReferFormSchema,
  downloadImages: z.object({ url: optionalText() }),
  // Part 2 section 7.
  reports: reportRequestSchema,
  groupReport2: reportRequestSchema,
  singleReport: singleReportRequestSchema,
  groupSingleReport: groupSingleReportRequestSchema,
  getMealData: mealFilterSchema,
  addMeal: mealFormSchema,
  updateMeal: withId(mealFormSchema),
  getPreviousBalance: previousBalanceFilterSchema,
  addPreviousBalance: previousBalanceFormSchema,
  updatePreviousBalance: withId(previousBalanceFormSchema),
  addSps: schemeFormSchema,
  updateSps: withId(schemeFormSchema),
  restoreExitList: exitRestoreListFilterSchema,
  shortStayRegisterList: exitRestoreListFilterSchema,
  // The /education, /medical, /mhp lists' payloads are "not shown" (part 2 section 7); ours
  // is the exit lists' filter, as server/beneficiaries/lists.ts reads it.
  regusersEducation: exitRestoreListFilterSchema,
  nonRegusersEducation: exitRestoreListFilterSchema,
  regusersMedical: exitRestoreListFilterSchema,
  nonRegusersMedical: exitRestoreListFilterSchema,
  regusersMhp: exitRestoreListFilterSchema,
  nonRegusersMhp: exitRestoreListFilterSchema,
  beneficiaryAdd: beneficiaryFormSchema,
  beneficiaryUpdate: withId(beneficiaryFormSchema),
  beneficiaryDocumentAdd: beneficiaryDocumentAddSchema,
};

/** The top-level fields of a schema (of every variant of a union). */
export function schemaFields(schema: z.ZodType): string[] {
  const shaped = schema as unknown as { shape?: Record<string, unknown>; options?: z.ZodType[] };
  if (shaped.shape) return Object.keys(shaped.shape);
  if (shaped.options) return [...new Set(shaped.options.flatMap(schemaFields))];
  return [];
}

/** The fields a row's body may carry; null when the row has no payload schema. */
export function payloadFields(name: WireEndpointName): ReadonlySet<string> | null {
  const schema = payloadSchemas[name];
  return schema ? new Set(schemaFields(schema)) : null;
}
