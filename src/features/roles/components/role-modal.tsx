import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { roleFormSchema, type LocalRole } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { saveRole } from '../hooks/save-role';

/** Add Role / Update Role: the name, stored lower-case. */
export function RoleModal({ role, onClose }: { role?: LocalRole; onClose: () => void }) {
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<{ name: string }>({
    schema: roleFormSchema,
    defaultValues: { name: role?.name ?? '' },
    draftKey: `role:${role?.cid ?? 'new'}`,
    save: (values) => saveRole(values, role?.cid),
    onSaved: () => {
      toast.success(role ? 'Role updated successfully' : 'Role added successfully');
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={role ? 'Update Role' : 'Add Role'}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <TextInput
            label="Role Name"
            withAsterisk
            size="md"
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={busy}>
              {role ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
