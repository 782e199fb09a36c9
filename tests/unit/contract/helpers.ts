import type { z } from 'zod';

/** The messages of a failed parse in order, or [] when it passes. */
export function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** The first message (what the one error toast shows), or undefined when it passes. */
export const firstMessage = (schema: z.ZodType, value: unknown): string | undefined => messagesOf(schema, value)[0];

/** An in-memory file as a form or a multipart parser would hand it over. */
export const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
