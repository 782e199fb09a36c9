import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  activeSchemeNames,
  can,
  centerOptions,
  ensureLookup,
  listChildActivity,
  listChildDocuments,
  listChildHistory,
  schemesLookup,
  tagOptions,
  tagsLookup,
  type ChildKeys,
} from '../../../../sync';
import { useOnline, useUser } from '../../../lib/use-store';

type Option = { value: string; label: string };

export const useCenterSelect = (): Option[] =>
  useLiveQuery(() => centerOptions(), [], []).map((c) => ({ value: String(c.id), label: c.name }));

/** A lookup kept on the device, fetched when online. */
function useKept(key: string, path: string) {
  const online = useOnline();
  useEffect(() => {
    if (online) void ensureLookup(key, path);
  }, [online, key, path]);
}

export function useTagSelect(): Option[] {
  useKept(tagsLookup.key, tagsLookup.path);
  return useLiveQuery(() => tagOptions(), [], []).map((t) => ({ value: String(t.id), label: t.name }));
}

/** Active scheme names of the Social Protection Scheme action (/sps_all, and schemes saved on this device). */
export function useSchemeSelect(): Option[] {
  useKept(schemesLookup.key, schemesLookup.path);
  return useLiveQuery(() => activeSchemeNames(), [], []).map((name) => ({ value: name, label: name }));
}

export const useChildHistory = (child: ChildKeys, statuses: readonly string[]) =>
  useLiveQuery(() => listChildHistory(child, statuses), [child.cid, child.id, statuses.join()], null);
export const useChildActivity = (child: ChildKeys) =>
  useLiveQuery(() => listChildActivity(child), [child.cid, child.id], null);
export const useChildDocuments = (child: ChildKeys) =>
  useLiveQuery(() => listChildDocuments(child), [child.cid, child.id], null);

/** What the signed-in user may do with a child's actions (child_tracking, child_document, child_registration). */
export function useActionPermissions() {
  const user = useUser();
  return {
    canCreate: can(user, 'create', 'child_tracking'),
    canDelete: can(user, 'delete', 'child_tracking'),
    canDeleteDocument: can(user, 'delete', 'child_document'),
    canDeleteScheme: can(user, 'delete', 'sps'),
    canReopen: can(user, 'edit', 'child_registration'),
  };
}
