import { roleFormSchema, type LocalRole } from '../../../../sync';
import { NameModal } from '../../../components/name-modal';
import { saveRole } from '../hooks/save-role';

/** Add Role / Update Role: the name, stored lower-case. */
export function RoleModal({ role, onClose }: { role?: LocalRole; onClose: () => void }) {
  return <NameModal noun="Role" schema={roleFormSchema} record={role} save={saveRole} onClose={onClose} />;
}
