import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { messages, type Envelope, type FieldErrors } from '../../sync/contract';

/*
 * The response envelope of spec part 1 section 7, in one place so every route answers
 * the same way: `{success, data, message, errors, pagination, image_path}`.
 */

export function ok<T>(c: Context, data: T, extra: Omit<Envelope<T>, 'success' | 'data'> = {}) {
  const body: Envelope<T> = { success: true, data, ...extra };
  return c.json(body, 200);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: FieldErrors) {
  const body: Envelope<never> = { success: false, message, ...(errors ? { errors } : {}) };
  return c.json(body, status);
}

/**
 * 422 with the first failing rule of every failing field (later rules of a field only
 * restate the problem, e.g. "Invalid email" after "Please enter an email"); `message`
 * is the first field's, as the app shows one toast.
 */
export function validationFailed(c: Context, error: z.ZodError) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= [issue.message];
  }
  return fail(c, 422, error.issues[0]?.message ?? messages.somethingWentWrong, errors);
}

/**
 * Reads a JSON, url-encoded or multipart body into a plain record. A missing or
 * unreadable body is an empty record, so validation answers 422 and never 500.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const parsed: unknown = await c.req.json();
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    }
    if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      return (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    }
  } catch {
    return {};
  }
  return {};
}

/** A form value as text: anything that is not a string counts as empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A positive integer route parameter, or null (answered as 404 by the caller). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
