import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { messages, pageQuerySchema, type Envelope, type FieldErrors } from '../../sync/contract';
import {
  assertFieldNamesWithinLimits,
  assertFormWithinLimits,
  assertJsonWithinLimits,
  assertNoControlCharacters,
} from './body-limits';

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

const parsedBodies = new WeakMap<Request, Promise<Record<string, unknown>>>();

/**
 * Reads a JSON, url-encoded or multipart body into a plain record, once per request (the
 * idempotency check and the handler share it). A missing or unreadable body is an empty
 * record, so validation answers 422 and never 500. This is the one place bodies are
 * parsed, so its limits hold for every route: field count and nesting are checked on the
 * bytes before parsing, and control characters in any text are refused with a 422
 * (RejectedInput, answered by the error handler).
 */
export function readBody(c: Context): Promise<Record<string, unknown>> {
  let parsed = parsedBodies.get(c.req.raw);
  if (!parsed) {
    parsed = parseBody(c);
    parsedBodies.set(c.req.raw, parsed);
  }
  return parsed;
}

async function parseBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  const isJson = type.includes('application/json');
  const isForm = type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded');
  if (!isJson && !isForm) return {};
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    return {};
  }
  let body: Record<string, unknown> = {};
  if (isJson) {
    const source = new TextDecoder().decode(bytes);
    assertJsonWithinLimits(source);
    try {
      const value: unknown = JSON.parse(source);
      if (value && typeof value === 'object' && !Array.isArray(value)) body = value as Record<string, unknown>;
    } catch {
      return {};
    }
  } else {
    assertFormWithinLimits(new Uint8Array(bytes), type);
    try {
      body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } catch {
      return {};
    }
    assertFieldNamesWithinLimits(body);
  }
  assertNoControlCharacters(body);
  return body;
}

/** A form value as text: anything that is not a string counts as empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A positive integer route parameter, or null (answered as 404 by the caller). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * An id sent in a body: a whole number or its digits as text. Anything else (an array
 * `[9]`, an object with a `toString`) is no id, answered like a missing one; never coerced.
 */
export function bodyId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? idParam(String(value)) : null;
  return typeof value === 'string' ? idParam(value.trim()) : null;
}

/** The `page` of the query string (1 when absent or not a whole number). */
export const pageOf = (c: Context): number => {
  const parsed = pageQuerySchema.safeParse({ page: c.req.query('page') ?? undefined });
  return parsed.success ? parsed.data.page : 1;
};
