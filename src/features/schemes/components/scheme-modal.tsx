import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { schemeFormSchema, schemeStatusLabels, type LocalScheme } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { saveScheme, type SchemeValues } from '../hooks/save-scheme';
import { FormActions } from '../../../components/form-actions';

const statusOptions = [
  { value: '1', label: schemeStatusLabels[1] },
  { value: '0', label: schemeStatusLabels[0] },
];

/** The scheme form, titled "Add Tag" / "Update Tag" as the spec's product shows it (part 2, section 2). */
export function SchemeModal({ scheme, onClose }: { scheme?: LocalScheme; onClose: () => void }) {
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<SchemeValues>({
    schema: schemeFormSchema,
    defaultValues: { name: String(scheme?.name ?? ''), status: String(scheme?.status ?? 1) },
    draftKey: `scheme:${scheme?.cid ?? 'new'}`,
    save: (values) => saveScheme(values, scheme?.cid),
    onSaved: () => {
      toast.success(scheme ? 'Scheme updated successfully' : 'Scheme added successfully');
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={scheme ? 'Update Tag' : 'Add Tag'}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <TextInput
            label="Scheme Name"
            withAsterisk
            size="md"
            error={form.formState.errors.name?.message}
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <Controller
            name="status"
            control={form.control}
            render={({ field, fieldState }) => (
              <Select
                label="Status"
                size="md"
                data={statusOptions}
                ref={field.ref}
                error={fieldState.error?.message}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '1')}
              />
            )}
          />
          <FormActions label={scheme ? 'Update' : 'Save'} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
