import type { LocalChild } from '../../../../sync';

/** The route state of /child-registration/profile: which child, and view or edit. Empty means a new registration. */
export type ProfileState = { id?: number; cid?: string; action: 'view' | 'edit' };

export const profileState = (child: LocalChild, action: 'view' | 'edit'): ProfileState =>
  typeof child.id === 'number' ? { id: child.id, cid: child.cid, action } : { cid: child.cid, action };

export function readProfileState(state: unknown): ProfileState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<ProfileState>;
  if (s.id === undefined && s.cid === undefined) return null;
  return { id: typeof s.id === 'number' ? s.id : undefined, cid: typeof s.cid === 'string' ? s.cid : undefined, action: s.action === 'edit' ? 'edit' : 'view' };
}
