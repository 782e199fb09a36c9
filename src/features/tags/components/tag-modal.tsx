import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { LocalTag } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useUnsavedGuard } from '../../../lib/unsaved-forms';
import { useFormDraft } from '../../../lib/form-draft';
import { DraftNotice } from '../../../components/draft-notice';
import { saveTag } from '../hooks/save-tag';

/** Add Tag / Update Tag. */
export function TagModal({ tag, onClose }: { tag?: LocalTag; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm<{ name: string }>({ defaultValues: { name: tag?.name ?? '' } });
  const draft = useFormDraft(form, `tag:${tag?.cid ?? 'new'}`);
  useUnsavedGuard(form.formState.isDirty && !busy);
  const save = form.handleSubmit(async (values) => {
    setBusy(true);
    const outcome = await saveTag(values, tag?.cid);
    setBusy(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    await draft.clear();
    toast.success(tag ? 'Tag updated successfully' : 'Tag added successfully');
    form.reset(values);
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={tag ? 'Update Tag' : 'Add Tag'}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
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
