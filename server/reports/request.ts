import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../core/context';
import { readBody } from '../core/http';
import type { Issue } from '../core/validation';

/** A report request's body checked by a contract schema; issues in the 422 shape. */
export async function readReportRequest<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
): Promise<{ data: z.output<S> } | { issues: Issue[] }> {
  const parsed = schema.safeParse(await readBody(c));
  if (parsed.success) return { data: parsed.data };
  return {
    issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message })),
  };
}
