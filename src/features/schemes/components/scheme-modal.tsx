import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { schemeFormSchema, schemeStatusLabels, type LocalScheme } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { saveScheme, type SchemeValues } from '../hooks/save-scheme';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';

/** The scheme form, titled "Add Tag" / "Update Tag" as the spec's product shows it (part 2, section 2). */
export function SchemeModal({ scheme, onClose }: { scheme?: LocalScheme; onClose: () => void }) {
  const { t, label, message } = useT();
  const statusOptions = [
    { value: '1', label: label(schemeStatusLabels[1]) },
    { value: '0', label: label(schemeStatusLabels[0]) },
  ];
  const error = (text: string | undefined) => (text ? message(text) : text);
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
      toast.success(texts[scheme ? 'admin.schemes.updated' : 'admin.schemes.added']);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t(scheme ? 'admin.schemes.updateTitle' : 'admin.schemes.addTitle')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <TextInput
            label={t('admin.schemes.name')}
            withAsterisk
            size="md"
            error={error(form.formState.errors.name?.message)}
            {...form.register('name', { setValueAs: (v: string) => v.trimStart() })}
          />
          <Controller
            name="status"
            control={form.control}
            render={({ field, fieldState }) => (
              <Select
                label={t('admin.common.status')}
                size="md"
                data={statusOptions}
                ref={field.ref}
                error={error(fieldState.error?.message)}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '1')}
              />
            )}
          />
          <FormActions label={scheme ? t('admin.common.update') : t('common.save')} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
