import { useWatch } from 'react-hook-form';
import { Button, FileInput, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { actionForms, dateFormats, uploadLimits, type ActionFormKey } from '../../../../sync';
import { FileRows, type FileRowValues } from '../../../components/file-rows';
import { parseTypedDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { actionInput, saveAction, toldAs, type ActionChild } from '../hooks/save-action';
import { useSchemeSelect } from '../hooks/use-action-data';
import { actionFields, withDocuments, type ActionField } from './action-fields';
import { FollowUpRows, newFollowUpRow } from './follow-up-rows';
import { useCenterSelect, useTagSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

type Values = Record<string, unknown>;
const newDocument = (): FileRowValues => ({
  tagId: '',
  doc_date: '',
  filename: null,
  profile_audio_name: null,
  comment: '',
});

const initialValues = (key: ActionFormKey, child: ActionChild): Values => {
  if (key === 'followUps') return { follow_up_data: [newFollowUpRow()] };
  const values: Values = { documents: [] };
  if (key === 'transfer') values.current_centerId = child.centerdetailId ? String(child.centerdetailId) : '';
  if (key === 'escortExit') values.exit_type = 'escort';
  if (key === 'mhp') values.session_number = 'session_1';
  if (['restore', 'restorationFollowUp', 'sps'].includes(key))
    values.centerId = child.centerdetailId ? String(child.centerdetailId) : '';
  return values;
};

type Props = { formKey: ActionFormKey; child: ActionChild; onClose: () => void };

/** One action form of the profile, in a modal: its date label, fields, document rows and messages. */
export function ActionFormModal({ formKey, child, onClose }: Props) {
  const spec = actionForms[formKey];
  const { t, label, message } = useT();
  const { form, busy, draft, submit } = useContractForm<Values>({
    schema: spec.schema,
    input: (values) => actionInput(values, child),
    describe: toldAs(formKey),
    defaultValues: initialValues(formKey, child),
    draftKey: `action:${formKey}:${child.cid}`,
    save: (values) => saveAction(formKey, values, child),
    onSaved: () => {
      toast.success(
        formKey === 'followUps'
          ? t('admin.actions.followUpAdded')
          : t('admin.actions.added', { title: label(spec.title) }),
      );
      onClose();
    },
  });
  const values = useWatch({ control: form.control });
  const { errors } = form.formState;
  // The field a check stopped at is marked until it is changed.
  const set = (patch: Values) => {
    form.clearErrors(Object.keys(patch));
    for (const [name, value] of Object.entries(patch)) form.setValue(name, value, { shouldDirty: true });
  };
  const documents = withDocuments[formKey];

  return (
    <Modal
      opened
      onClose={onClose}
      title={label(spec.title)}
      size="xl"
      centered
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
    >
      <Stack>
        <DraftNotice draft={draft} />
        {formKey === 'followUps' ? (
          <FollowUpRows rows={values.follow_up_data as Values[]} onChange={(rows) => set({ follow_up_data: rows })} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {actionFields[formKey].map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                values={values}
                error={message((errors[field.name]?.message as string | undefined) ?? '') || undefined}
                onChange={(value) =>
                  set({ [field.name]: value, ...(field.name === 'exit_type' ? { escort_exit_method: '' } : {}) })
                }
              />
            ))}
          </SimpleGrid>
        )}
        {documents && (
          <DocumentRows rows={values.documents as FileRowValues[]} onChange={(rows) => set({ documents: rows })} />
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button size="md" loading={busy} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DocumentRows({ rows, onChange }: { rows: FileRowValues[]; onChange: (rows: FileRowValues[]) => void }) {
  const tags = useTagSelect();
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Title order={5}>{t('admin.common.documents')}</Title>
      <FileRows rows={rows} onChange={onChange} tags={tags} newRow={newDocument} />
    </Stack>
  );
}

function FieldInput({
  field,
  values,
  error,
  onChange,
}: {
  field: ActionField;
  values: Values;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  const centers = useCenterSelect();
  const schemes = useSchemeSelect();
  const { t, label } = useT();
  const value = values[field.name];
  const common = { label: label(field.label), withAsterisk: field.required, size: 'md' as const, error };
  const shown = (options: readonly { value: string; label: string }[]) =>
    options.map((o) => ({ value: o.value, label: label(o.label) }));
  switch (field.kind) {
    case 'date':
      return (
        <DateInput
          {...common}
          valueFormat={dateFormats.display}
          placeholder={dateFormats.display}
          dateParser={parseTypedDate}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ?? '')}
          clearable
        />
      );
    case 'center':
    case 'scheme':
    case 'select': {
      const options = field.kind === 'select' ? field.options : [];
      const data =
        field.kind === 'center'
          ? centers
          : field.kind === 'scheme'
            ? schemes
            : shown(typeof options === 'function' ? options(values) : options);
      return (
        <Select
          {...common}
          data={[...data]}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ?? '')}
          readOnly={'readOnly' in field && field.readOnly}
          searchable
          clearable={!field.required}
        />
      );
    }
    case 'file':
      return (
        <FileInput
          {...common}
          accept={uploadLimits.imageAccept}
          value={value instanceof File ? value : null}
          onChange={(f) => onChange(f)}
          placeholder={t('admin.actions.fileHint')}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value.replace(/^\s+/, ''))}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value.replace(/^\s+/, ''))}
        />
      );
  }
}
