import type { Context } from 'hono';
import type { z } from 'zod';
import { longTextFields, messages, textLimits, textTooLong, type FieldErrors } from '../../sync/contract';
import { fail } from './http';

/*
 * Validation with the contract's schemas plus the checks only a server can make (file
 * bytes, text lengths), merged into one 422 whose first field is the first failing field
 * in screen order, like the app's single error toast.
 */

export type Issue = { path: string; message: string };
export type Checked<T> = { ok: true; data: T } | { ok: false; issues: Issue[] };

const top = (path: string) => path.split('.')[0];

/** Sorts issues by the schema's field order (stable, so rows keep theirs). */
export function inFieldOrder(order: readonly string[], issues: Issue[]): Issue[] {
  const rank = (issue: Issue) => {
    const i = order.indexOf(top(issue.path));
    return i === -1 ? order.length : i;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b));
}

export function checkSchema<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
  extra: Issue[] = [],
): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  const issues: Issue[] = result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message }));
  const all = inFieldOrder(Object.keys(schema.shape), [...issues, ...extra]);
  if (all.length > 0 || !result.success) return { ok: false, issues: all };
  return { ok: true, data: result.data };
}

/** 422 `{ success: false, message: <first>, errors: { field: [first message] } }`. */
export function invalid(c: Context, issues: Issue[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= [issue.message];
  return fail(c, 422, issues[0]?.message ?? messages.somethingWentWrong, errors);
}

/**
 * Texts longer than their field holds (the contract's textLimits: a free-text box of
 * longTextFields 5000 characters, any other text 255), for the texts a schema does not
 * reach. The message is textTooLong's, Laravel's max rule: 'The f name field must not be
 * greater than 255 characters.' (with `labels[field]` in place of the field's name).
 */
export function tooLongIssues(input: Record<string, unknown>, labels: Partial<Record<string, string>> = {}): Issue[] {
  const issues: Issue[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (typeof value !== 'string') continue;
    const max = (longTextFields as readonly string[]).includes(field) ? textLimits.long : textLimits.short;
    if (value.trim().length > max) issues.push({ path: field, message: textTooLong(labels[field] ?? field, max) });
  }
  return issues;
}

/**
 * Validates an update merged onto the stored record: a partial one (only the changed
 * fields) or a whole one. Problems the stored record already had in fields this request
 * leaves as they were (a quick-added child has no address yet) do not block it; every
 * field it changes, and every new problem it causes, is checked. The data returned keeps
 * such untouched fields as stored.
 */
export function checkPatch<S extends z.ZodObject>(
  schema: S,
  stored: Record<string, unknown>,
  sent: Record<string, unknown>,
  extra: Issue[] = [],
): Checked<Record<string, unknown>> {
  const merged = { ...stored, ...sent };
  const after = checkSchema(schema, merged, extra);
  if (after.ok) return after as Checked<Record<string, unknown>>;
  const beforeCheck = checkSchema(schema, stored);
  const before = new Set(beforeCheck.ok ? [] : beforeCheck.issues.map((i) => i.path));
  // A field counts as touched when its value differs from the stored one: the sync engine
  // sends the whole record (its base plus the user's changes), not only the changes.
  const asText = (v: unknown) =>
    typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v === null || v === undefined ? '' : v;
  const touched = new Set(Object.keys(sent).filter((k) => asText(sent[k]) !== asText(stored[k])));
  const kept = after.issues.filter((i) => touched.has(top(i.path)) || !before.has(i.path));
  if (kept.length > 0) return { ok: false, issues: kept };
  const data: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse(merged[key]);
    data[key] = parsed.success ? parsed.data : stored[key];
  }
  return { ok: true, data };
}
