import type { z } from 'zod';
import { plainWords } from '../contract/constants/status';
import { fieldSpecOf, type FieldSpec } from '../contract/forms/field-specs';
import { actionForms, type ActionFormSpec } from '../contract/forms/action-forms';
import type { Fields } from '../engine/reconcile';
import { descriptorOf, isEntityName, labelOf } from './registry';

/*
 * The review queue (R10, R14) shows queued changes to people: each entity by its label and
 * each field by its form's label and input, from the entity modules, never a table name or
 * an API key (DESIGN.md, Part 2 notes).
 */

/** What people call one record of a stored entity name; a name no longer in the registry reads as words. */
export const entityLabelOf = (name: string): string => (isEntityName(name) ? labelOf(name) : plainWords(name));

/**
 * The profile's action form an operation saves with (its call is the form's save), so a
 * history entry queued by Medical reads and is checked as the Medical form.
 */
function actionFormOf(entity: string, op: string | undefined): ActionFormSpec | undefined {
  // create/update/delete are generic: their call depends on the entry's kind, not on a form.
  if (!op || ['create', 'update', 'delete'].includes(op) || !isEntityName(entity)) return undefined;
  const call = descriptorOf(entity).ops[op];
  if (!call) return undefined;
  return Object.values(actionForms).find((form: ActionFormSpec) => form.save === call.endpoint);
}

/**
 * A field of `entity` as its form shows it (label, input, choices); with the entry's
 * operation, an action's date reads by its form's date label ('Medical Test Date').
 */
export function entityFieldOf(entity: string, field: string, op?: string): FieldSpec {
  const spec = fieldSpecOf(field, isEntityName(entity) ? descriptorOf(entity).fields : undefined);
  const action = field === 'transfer_date' ? actionFormOf(entity, op) : undefined;
  return action ? { ...spec, label: action.dateLabel } : spec;
}

const asTyped = (spec: FieldSpec, value: string): unknown => {
  if (value.trim() === '') return null;
  const numeric = spec.input === 'number' || spec.input === 'center' || spec.input === 'child';
  return numeric && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
};

/**
 * Checks a correction of a refused entry as the entity's own form would: with the
 * entity's form schema (a history entry's: its action form's) over the entry's payload and the corrected fields, reporting only
 * issues of the corrected fields (a queued edit holds only what changed). The corrected
 * fields come back as the schema reads them (ids and counts as numbers).
 */
export function checkCorrection(
  entity: string,
  payload: Fields,
  corrected: Record<string, string>,
  op?: string,
): { ok: true; fields: Fields } | { ok: false; message: string; field: string } {
  const fields: Fields = Object.fromEntries(
    Object.entries(corrected).map(([field, value]) => [field, asTyped(entityFieldOf(entity, field, op), value)]),
  );
  const descriptor = isEntityName(entity) ? descriptorOf(entity) : undefined;
  const schema: z.ZodType | undefined =
    descriptor?.formSchema ?? actionFormOf(entity, op)?.schema ?? descriptor?.schema;
  if (!schema) return { ok: true, fields };
  const parsed = schema.safeParse({ ...payload, ...fields });
  if (parsed.success) {
    const data = parsed.data as Fields;
    for (const field of Object.keys(fields)) if (field in data) fields[field] = data[field];
    return { ok: true, fields };
  }
  const issue = parsed.error.issues.find((i) => typeof i.path[0] === 'string' && i.path[0] in corrected);
  return issue ? { ok: false, message: issue.message, field: String(issue.path[0]) } : { ok: true, fields };
}
