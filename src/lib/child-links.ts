/**
 * The profile's address with the child in it, so a new tab, a bookmark or a reload opens
 * the same child: `?child=<server id or cid>&mode=view|edit`.
 */
export function childProfileHref(child: { id?: unknown; cid: string }, action: 'view' | 'edit' = 'view'): string {
  const key = typeof child.id === 'number' ? String(child.id) : child.cid;
  return `/child-registration/profile?${new URLSearchParams({ child: key, mode: action }).toString()}`;
}
