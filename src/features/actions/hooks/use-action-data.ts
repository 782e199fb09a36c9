import { useLiveQuery } from '../../../lib/use-live-query';
import {
  activeSchemeNames,
  can,
  listChildActivity,
  listChildDocuments,
  listChildHistory,
  schemesLookup,
  type ChildKeys,
} from '../../../../sync';
import { useUser } from '../../../lib/use-store';
import { useKeptLookup, type Option } from '../../../lib/use-lookups';

/** Active scheme names of the Social Protection Scheme action (/sps_all, and schemes saved on this device). */
export function useSchemeSelect(): Option[] {
  useKeptLookup(schemesLookup.key, schemesLookup.path);
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
