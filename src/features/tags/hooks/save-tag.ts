import { messages, mutations, tagFormSchema, firstIssueMessage } from '../../../../sync';

export type Outcome = { ok: true } | { ok: false; message: string };

/** 'Tag name is required.' or the checked name. */
export function checkTag(values: { name: string }) {
  const parsed = tagFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  return { ok: true as const, fields: { name: parsed.data.name } };
}

/** Add Tag, or update the tag `cid`, on the device; the outbox sends it. */
export async function saveTag(values: { name: string }, cid?: string): Promise<Outcome> {
  const checked = checkTag(values);
  if (!checked.ok) return checked;
  const result = cid ? await mutations.tags.update(cid, checked.fields) : await mutations.tags.create(checked.fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export async function deleteTag(cid: string): Promise<Outcome> {
  const result = await mutations.tags.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
