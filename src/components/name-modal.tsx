import { Modal, Stack, TextInput } from '@mantine/core';
import { useContractForm, type ContractSchema, type SaveOutcome } from '../lib/use-contract-form';
import { DraftNotice } from './draft-notice';
import { toast } from './toast';
import { FormActions } from './form-actions';

type Props = {
  /** What the record is, as the spec's titles and messages name it ('Tag', 'Role'). */
  noun: string;
  /** The contract's schema of the form. */
  schema: ContractSchema;
  /** The record being updated; none to add one. */
  record?: { cid: string; name?: string | null };
  save: (values: { name: string }, cid?: string) => Promise<SaveOutcome>;
  onClose: () => void;
};

/**
 * The Add/Update dialog of a record that is only its name (Tag and Role Management, spec
 * part 1, section 7): "Add Tag" / "Update Tag", its "Tag Name" field, Save or Update, and
 * "Tag added successfully" / "Tag updated successfully" after the save.
 */
export function NameModal({ noun, schema, record, save, onClose }: Props) {
  const { form, busy, draft, submit } = useContractForm<{ name: string }>({
    schema,
    defaultValues: { name: record?.name ?? '' },
    draftKey: `${noun.toLowerCase()}:${record?.cid ?? 'new'}`,
    save: (values) => save(values, record?.cid),
    onSaved: () => {
      toast.success(record ? `${noun} updated successfully` : `${noun} added successfully`);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={record ? `Update ${noun}` : `Add ${noun}`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <TextInput
            label={`${noun} Name`}
            withAsterisk
            size="md"
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <FormActions label={record ? 'Update' : 'Save'} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
