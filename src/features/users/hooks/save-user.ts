import { messages, mutations, userFormSchemaFor, firstIssueMessage } from '../../../../sync';

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
 * only when adding. On update the e-mail stays as created and a blank password is left out.
 */
export function checkUser(values: UserValues, mode: 'create' | 'update') {
  const parsed = userFormSchemaFor(mode).safeParse(userInput(values, mode));
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  const { image, password, ...rest } = parsed.data as Record<string, unknown> & {
    image?: unknown;
    password?: string | null;
  };
  const { id: _id, ...fields } = rest;
  return {
    ok: true as const,
    fields: {
      ...fields,
      join_date: fields.join_date ?? null,
      centerId: fields.centertypeId,
      ...(password ? { password } : {}),
    },
    files: image instanceof Blob ? { image } : undefined,
  };
}

export async function saveUser(
  values: UserValues,
  existing?: { cid: string; email?: string | null },
): Promise<Outcome> {
  const checked = checkUser(withEmail(values, existing), existing ? 'update' : 'create');
  if (!checked.ok) return checked;
  const result = existing
    ? await mutations.users.update(existing.cid, checked.fields, checked.files)
    : await mutations.users.create(checked.fields, checked.files);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export async function deleteUser(cid: string): Promise<Outcome> {
  const result = await mutations.users.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
