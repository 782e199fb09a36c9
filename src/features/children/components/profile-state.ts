import type { LocalChild } from '../../../../sync';

export { childProfileHref as profileHref } from '../../../lib/child-links';

/** The route state of /child-registration/profile: which child, and view or edit. Empty means a new registration. */
export type ProfileState = { id?: number; cid?: string; action: 'view' | 'edit' };

export const profileState = (child: LocalChild, action: 'view' | 'edit'): ProfileState =>
  typeof child.id === 'number' ? { id: child.id, cid: child.cid, action } : { cid: child.cid, action };

export function readProfileState(state: unknown): ProfileState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<ProfileState>;
  if (s.id === undefined && s.cid === undefined) return null;
  return {
    id: typeof s.id === 'number' ? s.id : undefined,
    cid: typeof s.cid === 'string' ? s.cid : undefined,
    action: s.action === 'edit' ? 'edit' : 'view',
  };
}

/** The profile state read from the address (see childProfileHref); null when it names no child. */
export function readProfileSearch(search: string): ProfileState | null {
  const params = new URLSearchParams(search);
  const key = params.get('child');
  if (!key) return null;
  const action = params.get('mode') === 'edit' ? 'edit' : 'view';
  return /^\d+$/.test(key) ? { id: Number(key), action } : { cid: key, action };
}
