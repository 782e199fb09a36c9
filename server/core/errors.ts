import { randomBytes } from 'node:crypto';
import type { Context, ErrorHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { messages, type FieldErrors } from '../../sync/contract';
import type { AppEnv } from './context';
import { fail } from './http';
import { serverMessages } from './messages';
import { RejectedInput } from './rejected-input';

/*
 * The one error handler. A log line names the request (its id, also sent back as
 * X-Request-Id), the route and the error's class and database code, never the error's
 * message: a driver's message holds the SQL and its parameters, that is names, Aadhar
 * and phone numbers of children. Stack frames are kept (code locations, no data).
 */

/** What the server logs about a request that failed. */
export type ErrorLogEntry = {
  requestId: string;
  method: string;
  /** The route pattern (`/api/child_view/:id`), not the URL with its values. */
  route: string;
  status: number;
  /** Class names of the error and its causes, outermost first. */
  errorClass: string[];
  /** SQLSTATE of a database error, and the constraint it names. */
  code?: string;
  constraint?: string;
  frames: string[];
};

/** Gives each request an id, for the log and the X-Request-Id answer header. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = randomBytes(8).toString('hex');
  c.set('requestId', id);
  await next();
  c.res.headers.set('X-Request-Id', id);
});

type Described = { classes: string[]; code?: string; constraint?: string; frames: string[] };

function describe(error: unknown): Described {
  const classes: string[] = [];
  let code: string | undefined;
  let constraint: string | undefined;
  let frames: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') {
      classes.push(typeof current);
      break;
    }
    const e = current as {
      name?: unknown;
      constructor?: { name?: string };
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      stack?: unknown;
      cause?: unknown;
    };
    classes.push(
      typeof e.constructor?.name === 'string' && e.constructor.name !== 'Object'
        ? e.constructor.name
        : String(e.name ?? 'Error'),
    );
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) code ??= e.code;
    const named = e.constraint ?? e.constraint_name;
    if (typeof named === 'string' && /^[\w.]+$/.test(named)) constraint ??= named;
    if (frames.length === 0 && typeof e.stack === 'string') {
      frames = e.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .slice(0, 8)
        .map((line) => line.trim());
    }
    current = e.cause;
  }
  return { classes, code, constraint, frames };
}

/**
 * Database refusals that validation should have caught; answered as the input's fault
 * (422, which the sync engine shows for the user to fix) instead of a 5xx it would retry
 * for ever. A unique e-mail lost to a concurrent registration is the spec's 'The email has
 * already been taken.'.
 */
function answerForDatabase(d: Described): { message: string; errors?: FieldErrors } | null {
  if (d.code === '23505') {
    if (d.constraint?.includes('email'))
      return { message: messages.emailTaken, errors: { email: [messages.emailTaken] } };
    return { message: serverMessages.alreadyExists };
  }
  if (d.code === '23503') {
    if (d.constraint?.includes('center'))
      return { message: serverMessages.invalidCenter, errors: { centerId: [serverMessages.invalidCenter] } };
    return { message: serverMessages.invalidReference };
  }
  // Class 22, data exceptions: a value the database cannot hold or read (invalid text
  // representation, numeric or date out of range, a time zone displacement, bad encoding).
  // Validation should have refused it first; whatever slips through is still the input's.
  if (d.code?.startsWith('22')) return { message: serverMessages.invalidValue };
  return null;
}

/** The app's onError: RejectedInput as its 4xx, known database refusals as 422, the rest 500. */
export function errorHandler(log: (entry: ErrorLogEntry) => void): ErrorHandler<AppEnv> {
  return (error, c: Context<AppEnv>) => {
    const response = answer(error, c, log);
    if (c.req.path.startsWith('/api')) response.headers.set('Cache-Control', 'no-store');
    return response;
  };
}

function answer(error: unknown, c: Context<AppEnv>, log: (entry: ErrorLogEntry) => void): Response {
  if (error instanceof RejectedInput) return fail(c, error.status, error.message, error.errors);
  const described = describe(error);
  const mapped = answerForDatabase(described);
  const status = mapped ? 422 : 500;
  log({
    requestId: c.get('requestId') ?? '-',
    method: c.req.method,
    route: routePath(c) || '*',
    status,
    errorClass: described.classes,
    ...(described.code ? { code: described.code } : {}),
    ...(described.constraint ? { constraint: described.constraint } : {}),
    frames: described.frames,
  });
  // The 422 envelope always carries errors, empty when no one field is to blame.
  if (mapped) return fail(c, 422, mapped.message, mapped.errors ?? {});
  return fail(c, 500, messages.somethingWentWrong);
}

/** The default log: one JSON line on stderr. */
export const logToStderr = (entry: ErrorLogEntry): void => {
  console.error(`[ashray] request failed ${JSON.stringify(entry)}`);
};
