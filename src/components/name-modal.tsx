import { Modal, Stack, TextInput } from '@mantine/core';
import { useContractForm, type ContractSchema, type SaveOutcome } from '../lib/use-contract-form';
import { DraftNotice } from './draft-notice';
import { toast } from './toast';
import { FormActions } from './form-actions';
import { useT } from '../lib/i18n';

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
  const { t, label } = useT();
  const shownNoun = label(noun);
  const { form, busy, draft, submit } = useContractForm<{ name: string }>({
    schema,
    defaultValues: { name: record?.name ?? '' },
    draftKey: `${noun.toLowerCase()}:${record?.cid ?? 'new'}`,
    save: (values) => save(values, record?.cid),
    onSaved: () => {
      toast.success(t(record ? 'components.nameModal.updated' : 'components.nameModal.added', { noun: shownNoun }));
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(record ? 'components.nameModal.update' : 'components.nameModal.add', { noun: shownNoun })}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <TextInput
            label={t('components.nameModal.name', { noun: shownNoun })}
            withAsterisk
            size="md"
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <FormActions
            label={record ? t('components.nameModal.updateButton') : t('common.save')}
            busy={busy}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
