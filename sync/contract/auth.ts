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

/** A numeric string as the number it spells (a Laravel answer may quote its ids and flags). */
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** Permission flags as 0/1, "0"/"1" or booleans, made 0/1 at the boundary (spec part 1, section 7). */
function numericFlags(permissions: unknown): unknown {
  if (!permissions || typeof permissions !== 'object') return permissions;
  return Object.fromEntries(
    Object.entries(permissions).map(([module, block]) => [
      module,
      block && typeof block === 'object'
        ? Object.fromEntries(
            Object.entries(block).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : numeric(v)]),
          )
        : block,
    ]),
  );
}

export const roleRefSchema = z.object({
  /** Not in the spec's login answer (token, role, centerId, image): ours when our server sends it. */
  id: z.preprocess(numeric, z.number().int()).optional(),
  name: z.string(),
  permissions: z.preprocess(numericFlags, rolePermissionsSchema.nullable().optional()),
});
export type RoleRef = z.infer<typeof roleRefSchema>;

/**
 * What POST /login returns in `data`, and what the app keeps as its session. The spec's
 * answer is token, role, centerId and image (part 1, section 7): centerId may come as a
 * numeric string, `id` may be missing (the device then keys the user by e-mail, see
 * `sessionUserKey`), and `email` is the form's when the answer has none (signIn fills it).
 */
export const sessionUserSchema = z.object({
  id: z.preprocess(numeric, z.number().int()).optional(),
  token: z.string().min(1),
  name: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string()),
  email: z.string(),
  role: roleRefSchema,
  centerId: z.preprocess(numeric, z.number().int()),
  image: z.string().nullable().optional(),
  imagePath: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What names a user on this device (its database, its remembered settings): the id, else the e-mail. */
export const sessionUserKey = (user: Pick<SessionUser, 'id' | 'email'>): string =>
  user.id === undefined ? user.email.toLowerCase() : String(user.id);

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
