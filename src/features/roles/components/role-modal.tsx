import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { LocalRole } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useUnsavedGuard } from '../../../lib/unsaved-forms';
import { useFormDraft } from '../../../lib/form-draft';
import { DraftNotice } from '../../../components/draft-notice';
import { saveRole } from '../hooks/save-role';

/** Add Role / Update Role: the name, stored lower-case. */
export function RoleModal({ role, onClose }: { role?: LocalRole; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm<{ name: string }>({ defaultValues: { name: role?.name ?? '' } });
  const draft = useFormDraft(form, `role:${role?.cid ?? 'new'}`);
  useUnsavedGuard(form.formState.isDirty && !busy);
  const save = form.handleSubmit(async (values) => {
    setBusy(true);
    const outcome = await saveRole(values, role?.cid);
    setBusy(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    await draft.clear();
    toast.success(role ? 'Role updated successfully' : 'Role added successfully');
    form.reset(values);
    onClose();
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
