import { centerFormSchema, centerMembers, messages, mutations, firstIssueMessage } from '../../../../sync';
import { textOf } from '../../../lib/i18n';

export type CenterValues = {
  centertypeId: string;
  email: string;
  prefix: string;
  name: string;
  phone: string;
  status: string;
  address: string;
};
export type Outcome = { ok: true } | { ok: false; message: string };

/** The first failing field's message in the spec's order, or the checked fields. */
export function checkCenter(values: CenterValues) {
  const parsed = centerFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  const { id: _id, ...fields } = parsed.data;
  return { ok: true as const, fields: { ...fields, email: fields.email ?? null, phone: fields.phone ?? null } };
}

/** Add Center, or update the center `cid`: saved on the device, sent by the outbox. */
export async function saveCenter(values: CenterValues, cid?: string): Promise<Outcome> {
  const checked = checkCenter(values);
  if (!checked.ok) return checked;
  const result = cid
    ? await mutations.centers.update(cid, checked.fields)
    : await mutations.centers.create(checked.fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** Deletes a center on the device and queues the delete. */
export async function deleteCenter(cid: string): Promise<Outcome> {
  const result = await mutations.centers.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}

/** Why a center cannot be deleted yet: children or users still belong to it (the server would refuse, part 1 section 6). */
export async function centerDeleteRefusal(center: { id?: unknown; name?: unknown }): Promise<string | null> {
  if (typeof center.id !== 'number') return null;
  const { children, users } = await centerMembers(center.id);
  if (!children && !users) return null;
  const kids = textOf(children === 1 ? 'admin.centers.children_one' : 'admin.centers.children_other', {
    count: children,
  });
  const staff = textOf(users === 1 ? 'admin.centers.users_one' : 'admin.centers.users_other', { count: users });
  const held =
    children && users ? textOf('admin.centers.heldBoth', { children: kids, users: staff }) : children ? kids : staff;
  return textOf('admin.centers.inUse', { name: String(center.name ?? textOf('admin.centers.thisCenter')), held });
}
