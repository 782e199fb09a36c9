import { IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages, type LocalChild } from '../../../../sync';
import { DeleteAction, EditAction, IconAction, RowActions } from '../../../components/row-actions';
import { deleteChild } from '../hooks/use-delete-child';
import { profileHref, profileState } from './profile-state';

type Props = { child: LocalChild; canView: boolean; canEdit: boolean; canDelete: boolean };

/** View, edit and delete of a row, each only with its permission. */
export function ChildRowActions({ child, canView, canEdit, canDelete }: Props) {
  const navigate = useNavigate();
  const open = (action: 'view' | 'edit') =>
    navigate(profileHref(child, action), { state: profileState(child, action) });
  return (
    <RowActions>
      {canView && (
        <IconAction
          tooltip="View"
          label={`View ${child.name ?? ''}`}
          icon={<IconEye size={20} />}
          onClick={() => open('view')}
          view
        />
      )}
      {canEdit && <EditAction name={child.name} onClick={() => open('edit')} />}
      {canDelete && (
        <DeleteAction
          name={child.name}
          title="Delete child"
          question={`Delete ${child.name ?? 'this child'}? This cannot be undone.`}
          success={messages.childDeleted}
          onDelete={() => deleteChild(child.cid)}
        />
      )}
    </RowActions>
  );
}
