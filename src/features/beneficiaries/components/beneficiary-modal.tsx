import { Modal, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import {
  beneficiaryWithDocumentsFormSchema,
  canChooseCenter,
  dateFormats,
  genders,
  type BeneficiaryService,
  type LocalBeneficiary,
  messages,
} from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { FileRows } from '../../../components/file-rows';
import { useUser } from '../../../lib/use-store';
import { useCenterSelect, useTagSelect } from '../../../lib/use-lookups';
import { documentPermissions, emptyDocumentRow } from '../hooks/beneficiary-documents';
import { beneficiaryInput, saveBeneficiary, type BeneficiaryValues } from '../hooks/use-beneficiaries';
import { BeneficiaryDocumentList } from './beneficiary-documents';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * Add / Update a non-registered beneficiary (ours: the spec shows no form), with its
 * documents: the stored ones listed (open, download, delete by permission) and new rows
 * saved with the beneficiary.
 */
export function BeneficiaryModal({
  service,
  beneficiary,
  onClose,
}: {
  service: BeneficiaryService;
  beneficiary?: LocalBeneficiary;
  onClose: () => void;
}) {
  const user = useUser();
  const centers = useCenterSelect();
  const chooses = canChooseCenter(user.centerId);
  const tags = useTagSelect();
  const { canAdd: canAddDocuments } = documentPermissions(user);
  const { t, label, message } = useT();
  const error = (text: string | undefined) => (text ? message(text) : text);
  const genderOptions = genders.map((g) => ({ value: g.value, label: label(g.label) }));
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<BeneficiaryValues>({
    schema: beneficiaryWithDocumentsFormSchema,
    input: (values) => beneficiaryInput(service, values),
    defaultValues: {
      name: text(beneficiary?.name),
      gender: text(beneficiary?.gender),
      age: text(beneficiary?.age),
      centerId: text(beneficiary?.centerId ?? (chooses ? '' : user.centerId)),
      service_date: text(beneficiary?.service_date),
      comment: text(beneficiary?.comment),
      documents: [],
    },
    draftKey: `beneficiary:${beneficiary?.cid ?? 'new'}`,
    save: (values) => saveBeneficiary(service, values, beneficiary),
    onSaved: () => {
      toast.success(beneficiary ? messages.beneficiaryUpdated : messages.beneficiaryAdded);
      onClose();
    },
  });
  const { errors } = form.formState;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(beneficiary ? 'admin.beneficiaries.update' : 'admin.beneficiaries.add')}
      size="xl"
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('admin.common.name')}
              withAsterisk
              size="md"
              error={error(errors.name?.message)}
              {...form.register('name')}
            />
            <Controller
              name="gender"
              control={form.control}
              render={({ field, fieldState }) => (
                <Select
                  label={t('admin.beneficiaries.gender')}
                  size="md"
                  data={genderOptions}
                  ref={field.ref}
                  error={error(fieldState.error?.message)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  clearable
                />
              )}
            />
            <TextInput
              label={t('admin.beneficiaries.age')}
              size="md"
              error={error(errors.age?.message)}
              {...form.register('age')}
            />
            <Controller
              name="centerId"
              control={form.control}
              render={({ field, fieldState }) => (
                <Select
                  label={t('admin.common.centerName')}
                  withAsterisk
                  size="md"
                  data={centers}
                  ref={field.ref}
                  error={error(fieldState.error?.message)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  readOnly={!chooses}
                  searchable
                />
              )}
            />
            <Controller
              name="service_date"
              control={form.control}
              render={({ field, fieldState }) => (
                <DateInput
                  label={t('admin.common.date')}
                  withAsterisk
                  size="md"
                  valueFormat={dateFormats.display}
                  placeholder={dateFormats.display}
                  dateParser={parseTypedDate}
                  ref={field.ref}
                  error={error(fieldState.error?.message)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label={t('admin.common.comment')}
            size="md"
            error={error(errors.comment?.message)}
            {...form.register('comment')}
          />
          {(beneficiary || canAddDocuments) && <Title order={4}>{t('admin.common.documents')}</Title>}
          {beneficiary && <BeneficiaryDocumentList beneficiary={beneficiary} />}
          {canAddDocuments && (
            <Controller
              name="documents"
              control={form.control}
              render={({ field, fieldState }) => (
                <FileRows
                  rows={field.value ?? []}
                  onChange={field.onChange}
                  errors={fieldState.error}
                  tags={tags}
                  newRow={emptyDocumentRow}
                  withAudio={false}
                />
              )}
            />
          )}
          <FormActions
            label={beneficiary ? t('admin.common.update') : t('common.save')}
            busy={busy}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
