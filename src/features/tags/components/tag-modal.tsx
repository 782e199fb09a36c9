import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { tagFormSchema, type LocalTag } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { saveTag } from '../hooks/save-tag';

/** Add Tag / Update Tag. */
export function TagModal({ tag, onClose }: { tag?: LocalTag; onClose: () => void }) {
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<{ name: string }>({
    schema: tagFormSchema,
    defaultValues: { name: tag?.name ?? '' },
    draftKey: `tag:${tag?.cid ?? 'new'}`,
    save: (values) => saveTag(values, tag?.cid),
    onSaved: () => {
      toast.success(tag ? 'Tag updated successfully' : 'Tag added successfully');
      onClose();
    },
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
