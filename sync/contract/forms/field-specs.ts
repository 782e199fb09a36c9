import { codeLabels, plainWords, recordFieldLabels } from '../constants/status';
import { fieldLabels } from '../rules/fields';

/** The input a field of a form uses: a select of centers or children, a date picker, a number, a choice. */
export type FieldInput = 'text' | 'number' | 'date' | 'center' | 'child' | 'choice';

/** A field as its form shows it: the label, the input and, for a choice, its options. */
export type FieldSpec = {
  label: string;
  input: FieldInput;
  options?: ReadonlyArray<{ value: string; label: string }>;
};

/** An entity's form fields by API name, declared once and read by its form and the review queue. */
export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

const centerFields = new Set(['centerId', 'centerdetailId', 'current_centerId', 'center_id']);
const childFields = new Set(['childregId', 'child_id']);
const numberFields = new Set(['no_sibling', 'income', 'child_count', 'male', 'female']);
const isDateField = (field: string) => /(^|_)date$/.test(field) || field === 'dob' || field === 'dateofarrival';

/**
 * A field name read as words when no form labels it: without its `_id`/`Id` suffix,
 * underscores as spaces ('center_id' reads 'Center', 'meal_type' 'Meal type').
 */
export const humanFieldLabel = (field: string): string => plainWords(field.replace(/(_id|Id)$/, '')) || field;

/**
 * How a field of a record reads and is edited: the entity's own declaration first, else
 * the registration and action forms' labels (recordFieldLabels, then the labels of their
 * 'The X field is required.' messages) and their coded choices
 * (codeLabels), else the name in words (DESIGN.md, Part 2 notes: no code shown to people).
 */
export function fieldSpecOf(field: string, declared?: FieldSpecs): FieldSpec {
  const own = declared?.[field];
  if (own) return own;
  const required = (fieldLabels as Readonly<Record<string, string>>)[field];
  const label = recordFieldLabels[field] ?? (required ? plainWords(required) : humanFieldLabel(field));
  if (centerFields.has(field)) return { label, input: 'center' };
  if (childFields.has(field)) return { label, input: 'child' };
  if (isDateField(field)) return { label, input: 'date' };
  if (numberFields.has(field)) return { label, input: 'number' };
  const codes = codeLabels[field];
  if (codes)
    return { label, input: 'choice', options: Object.entries(codes).map(([value, text]) => ({ value, label: text })) };
  return { label, input: 'text' };
}
