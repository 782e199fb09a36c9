import { z } from 'zod';
import type { FieldErrors } from '../envelope';

/** Adds an issue on `field`; what cross-field rules receive. */
export type AddFieldIssue = (field: string, message: string) => void;

/**
 * The spec shows one error toast: the first failing field in screen order. zod reports
 * field issues in shape order but cross-field rules (a field required only when another
 * has some value) after all of them. This wraps an object schema so that `rules` always
 * run, even when other fields failed, and the issues are then sorted by the shape's key
 * order (a stable sort, so rows of an array keep their order). The shape's keys must
 * therefore be declared in screen order.
 */
export function inScreenOrder<T extends z.ZodObject>(
  schema: T,
  rules?: (value: Partial<Record<string, unknown>>, addIssue: AddFieldIssue) => void,
): T {
  const order = Object.keys(schema.shape);
  const rank = (path: readonly PropertyKey[] | undefined) => {
    const i = order.indexOf(String(path?.[0]));
    return i === -1 ? order.length : i;
  };
  return schema.superRefine(
    (value, ctx) => {
      if (rules && typeof value === 'object' && value !== null) {
        rules(value as Partial<Record<string, unknown>>, (field, message) =>
          ctx.addIssue({ code: 'custom', path: [field], message, input: undefined }),
        );
      }
      ctx.issues.sort((a, b) => rank(a.path) - rank(b.path));
    },
    { when: () => true },
  );
}

/** Whether a form value counts as filled in (not undefined, null, blank or an empty list). */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A zod error as the server's 422 `errors` object, `{ field: [message] }`, with dotted
 * keys for nested rows (`documents.0.tagId`) like Laravel. Keys keep the issues' order,
 * so the first key is the first failing field.
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The first message of the first field of a 422 `errors` object (what the toast shows). */
export function firstFieldError(errors: FieldErrors | string | null | undefined): string | undefined {
  if (!errors) return undefined;
  if (typeof errors === 'string') return errors;
  const first = Object.values(errors)[0];
  return first?.[0];
}
