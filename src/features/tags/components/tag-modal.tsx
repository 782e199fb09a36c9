import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { LocalTag } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useUnsavedGuard } from '../../../lib/unsaved-forms';
import { saveTag } from '../hooks/save-tag';

/** Add Tag / Update Tag. */
export function TagModal({ tag, onClose }: { tag?: LocalTag; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm<{ name: string }>({ defaultValues: { name: tag?.name ?? '' } });
  useUnsavedGuard(form.formState.isDirty && !busy);
  const save = form.handleSubmit(async (values) => {
    setBusy(true);
    const outcome = await saveTag(values, tag?.cid);
    setBusy(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    toast.success(tag ? 'Tag updated successfully' : 'Tag added successfully');
    form.reset(values);
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={tag ? 'Update Tag' : 'Add Tag'}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput
            label="Tag Name"
            withAsterisk
            size="md"
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={busy}>
              {tag ? 'Update' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
