import { IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages, type LocalChild } from '../../../../sync';
import { DeleteAction, EditAction, IconAction, RowActions } from '../../../components/row-actions';
import { deleteChild } from '../hooks/use-delete-child';
import { profileHref, profileState } from './profile-state';
import { useT } from '../../../lib/i18n';

type Props = { child: LocalChild; canView: boolean; canEdit: boolean; canDelete: boolean };

/** View, edit and delete of a row, each only with its permission. */
export function ChildRowActions({ child, canView, canEdit, canDelete }: Props) {
  const navigate = useNavigate();
  const { t } = useT();
  const open = (action: 'view' | 'edit') =>
    navigate(profileHref(child, action), { state: profileState(child, action) });
  return (
    <RowActions>
      {canView && (
        <IconAction
          tooltip={t('children.row.view')}
          label={t('childList.view', { name: child.name ?? '' })}
          icon={<IconEye size={20} />}
          onClick={() => open('view')}
          view
        />
      )}
      {canEdit && <EditAction name={child.name} onClick={() => open('edit')} />}
      {canDelete && (
        <DeleteAction
          name={child.name}
          title={t('childList.delete')}
          question={
            child.name ? t('children.row.deleteQuestion', { name: child.name }) : t('children.row.deleteThisChild')
          }
          success={messages.childDeleted}
          onDelete={() => deleteChild(child.cid)}
        />
      )}
    </RowActions>
  );
}
