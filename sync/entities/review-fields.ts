import type { z } from 'zod';
import { plainWords } from '../contract/constants/status';
import { fieldSpecOf, type FieldSpec } from '../contract/forms/field-specs';
import type { Fields } from '../engine/reconcile';
import { descriptorOf, isEntityName, labelOf } from './registry';

/*
 * The review queue (R10, R14) shows queued changes to people: each entity by its label and
 * each field by its form's label and input, from the entity modules, never a table name or
 * an API key (DESIGN.md, Part 2 notes).
 */

/** What people call one record of a stored entity name; a name no longer in the registry reads as words. */
export const entityLabelOf = (name: string): string => (isEntityName(name) ? labelOf(name) : plainWords(name));

/** A field of `entity` as its form shows it (label, input, choices). */
export const entityFieldOf = (entity: string, field: string): FieldSpec =>
  fieldSpecOf(field, isEntityName(entity) ? descriptorOf(entity).fields : undefined);

const asTyped = (spec: FieldSpec, value: string): unknown => {
  if (value.trim() === '') return null;
  const numeric = spec.input === 'number' || spec.input === 'center' || spec.input === 'child';
  return numeric && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
};

/**
 * Checks a correction of a refused entry as the entity's own form would: with the
 * entity's form schema over the entry's payload and the corrected fields, reporting only
 * issues of the corrected fields (a queued edit holds only what changed). The corrected
 * fields come back as the schema reads them (ids and counts as numbers).
 */
export function checkCorrection(
  entity: string,
  payload: Fields,
  corrected: Record<string, string>,
): { ok: true; fields: Fields } | { ok: false; message: string; field: string } {
  const fields: Fields = Object.fromEntries(
    Object.entries(corrected).map(([field, value]) => [field, asTyped(entityFieldOf(entity, field), value)]),
  );
  const schema = isEntityName(entity) ? (descriptorOf(entity).schema as z.ZodType | undefined) : undefined;
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
