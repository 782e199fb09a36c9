import { messages, mutations, userFormSchemaFor, firstIssueMessage, type UserInput } from '../../../../sync';

export type UserValues = {
  name: string;
  email: string;
  password: string;
  status: string;
  mobile_number: string;
  join_date: string;
  image: File | null;
  comment: string;
  centertypeId: string;
  role_id: string;
};
export type Outcome = { ok: true } | { ok: false; message: string };

/** What the user schema checks: on update the id is the server's to check, any id passes here. */
export const userInput = (values: UserValues, mode: 'create' | 'update') => ({
  ...values,
  image: values.image ?? undefined,
  ...(mode === 'update' ? { id: 1 } : {}),
});

/** On update the e-mail stays as created. */
const withEmail = (values: UserValues, existing?: { email?: string | null }) =>
  existing ? { ...values, email: existing.email ?? values.email } : values;

/**
 * Every field checked in the form's order (first failing field's message); the password
 * only when adding. On update the e-mail stays as created. The checked values go to the
 * users entity as they are; it shapes the call (sync/entities/users.ts).
 */
export function checkUser(values: UserValues, mode: 'create' | 'update') {
  const parsed = userFormSchemaFor(mode).safeParse(userInput(values, mode));
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  return { ok: true as const, input: parsed.data as UserInput };
}

export async function saveUser(
  values: UserValues,
  existing?: { cid: string; email?: string | null },
): Promise<Outcome> {
  const checked = checkUser(withEmail(values, existing), existing ? 'update' : 'create');
  if (!checked.ok) return checked;
  const result = existing
    ? await mutations.users.update(existing.cid, checked.input)
    : await mutations.users.create(checked.input);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export async function deleteUser(cid: string): Promise<Outcome> {
  const result = await mutations.users.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
