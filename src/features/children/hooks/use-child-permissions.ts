import { can } from '../../../../sync';
import { useUser } from '../../../lib/use-store';

/** What the signed-in user may do with child registrations (spec part 1, section 6). */
export function useChildPermissions() {
  const user = useUser();
  return {
    user,
    canView: can(user, 'view', 'child_registration'),
    canCreate: can(user, 'create', 'child_registration'),
    canEdit: can(user, 'edit', 'child_registration'),
    canDelete: can(user, 'delete', 'child_registration'),
    canDeleteDocument: can(user, 'delete', 'child_document'),
  };
}
