import { z } from 'zod';
import { textLimits } from './constants/limits';
import { messages, textTooLong } from './messages';
import { rolePermissionsSchema } from './permissions';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail and password as typed: a line each (textLimits.short), like every form's. */
const emailField = (field: string) =>
  z
    .string()
    .trim()
    .min(1, messages.emailRequired)
    .max(textLimits.short, textTooLong(field, textLimits.short))
    .regex(emailPattern, messages.emailInvalid);
const passwordField = z
  .string()
  .min(1, messages.passwordRequired)
  .max(textLimits.short, textTooLong('password', textLimits.short));

/**
 * The login screen's form. Fields are checked in order and the first failing
 * message is what the user sees (spec part 1, section 5).
 */
export const loginFormSchema = z.object({ email: emailField('email'), password: passwordField });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /login payload: the form's e-mail travels as `emailId`. */
export const loginRequestSchema = z.object({ emailId: emailField('emailId'), password: passwordField });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: rolePermissionsSchema.nullable().optional(),
});
export type RoleRef = z.infer<typeof roleRefSchema>;

/** What POST /login returns in `data`, and what the app keeps as its session. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleRefSchema,
  centerId: z.number().int(),
  image: z.string().nullable().optional(),
  imagePath: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A form's first problem: the message the spec toasts and the field it belongs to (marked on the form). */
export type FieldProblem = { field: string | null; message: string };

/** The first failing field of a zod error and its message, as the spec shows one error toast. */
export function firstIssue(error: z.ZodError): FieldProblem {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    field: typeof field === 'string' ? field : null,
    message: issue?.message ?? messages.somethingWentWrong,
  };
}

/** The first failing field's message of a zod error. */
export function firstIssueMessage(error: z.ZodError): string {
  return firstIssue(error).message;
}
