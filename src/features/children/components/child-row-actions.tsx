import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { LocalChild } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { deleteChild } from '../hooks/use-delete-child';
import { profileState } from './profile-state';

type Props = { child: LocalChild; canView: boolean; canEdit: boolean; canDelete: boolean };

/** View, edit and delete of a row, each only with its permission. */
export function ChildRowActions({ child, canView, canEdit, canDelete }: Props) {
  const navigate = useNavigate();
  const open = (action: 'view' | 'edit') => navigate('/child-registration/profile', { state: profileState(child, action) });
  return (
    <Group gap={4} wrap="nowrap">
      {canView && (
        <Tooltip label="View">
          <ActionIcon variant="subtle" size="lg" aria-label={`View ${child.name ?? ''}`} onClick={() => open('view')}>
            <IconEye size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${child.name ?? ''}`} onClick={() => open('edit')}>
            <IconEdit size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <ConfirmButton
          variant="subtle"
          color="red"
          size="compact-md"
          label={
            <>
              <IconTrash size={20} />
              <VisuallyHidden>Delete {child.name ?? ''}</VisuallyHidden>
            </>
          }
          title="Delete child"
          question={`Delete ${child.name ?? 'this child'}? This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await deleteChild(child.cid);
          }}
        />
      )}
    </Group>
  );
}
