import { FileInput, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useWatch } from 'react-hook-form';
import {
  canChooseCenter,
  dateFormats,
  genders,
  normaliseInput,
  quickAddSchema,
  referredByOptions,
  uploadLimits,
} from '../../../../sync';
import { toast } from '../../../components/toast';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';
import { parseTypedDate } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';

import { quickAddChild } from '../hooks/use-quick-add';
import { PossibleMatches, useDuplicateCheck } from './possible-matches';
import { useCenters } from '../../../lib/use-lookups';
import { FormActions } from '../../../components/form-actions';

type Values = {
  name: string;
  gender: string;
  dateofarrival: string;
  image: File | null;
  ReferredBy: string;
  cwccaseno: string;
  centerdetailId: string;
};

/**
 * Quick Add: name, gender, arrival, photo, CWC action, case no. and center; saved on the
 * device first. Only name, gender, arrival date and image are required (spec part 1, section 5).
 */
export function QuickAddModal({ onClose }: { onClose: () => void }) {
  const user = useUser();
  const centers = useCenters();
  const chooseCenter = canChooseCenter(user.centerId);
  const duplicates = useDuplicateCheck();
  // Closing the dialog (a tap outside, Escape) keeps what was typed for the next opening.
  const { form, busy, draft, submit } = useContractForm<Values>({
    schema: quickAddSchema,
    defaultValues: {
      name: '',
      gender: '',
      dateofarrival: '',
      image: null,
      ReferredBy: '',
      cwccaseno: '',
      centerdetailId: chooseCenter ? '' : String(user.centerId),
    },
    draftKey: 'quick-add:new',
    save: async (values) => {
      // A child already on the device is opened rather than registered twice.
      if (!(await duplicates.check(values))) return null;
      // No center chosen: the user's own, as the server registers it (server/children/add.ts).
      const centerdetailId = values.centerdetailId || String(user.centerId);
      return quickAddChild({ ...values, centerdetailId, image: values.image ?? undefined });
    },
    onSaved: () => {
      toast.success(texts['quickAdd.added']);
      onClose();
    },
  });
  const referredBy = useWatch({ control: form.control, name: 'ReferredBy' });
  const { t, label, message } = useT();
  const error = (text: string | undefined) => (text ? message(text) : text);
  const options = (list: readonly { value: string; label: string }[]) =>
    list.map((o) => ({ value: o.value, label: label(o.label) }));

  const centerData = centers.map((c) => ({ value: String(c.id), label: c.name }));
  if (!chooseCenter && !centerData.some((c) => c.value === String(user.centerId)))
    centerData.push({ value: String(user.centerId), label: t('quickAdd.centerOf', { id: user.centerId }) });

  return (
    <Modal opened onClose={onClose} title={t('quickAdd.title')} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              name="name"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('quickAdd.name')}
                  withAsterisk
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => field.onChange(normaliseInput('name', e.currentTarget.value))}
                />
              )}
            />
            <Controller
              name="gender"
              control={form.control}
              render={({ field, fieldState }) => (
                <Select
                  label={t('quickAdd.gender')}
                  withAsterisk
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  data={options(genders)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                />
              )}
            />
            <Controller
              name="dateofarrival"
              control={form.control}
              render={({ field, fieldState }) => (
                <DateInput
                  dateParser={parseTypedDate}
                  label={t('quickAdd.arrival')}
                  withAsterisk
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  valueFormat={dateFormats.display}
                  placeholder={dateFormats.display}
                  maxDate={new Date()}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                />
              )}
            />
            <Controller
              name="image"
              control={form.control}
              render={({ field, fieldState }) => (
                <FileInput
                  label={t('quickAdd.image')}
                  withAsterisk
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  accept={uploadLimits.imageAccept}
                  placeholder={t('quickAdd.imageHint')}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                />
              )}
            />
            <Controller
              name="ReferredBy"
              control={form.control}
              render={({ field, fieldState }) => (
                <Select
                  label={t('quickAdd.cwcAction')}
                  clearable
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  data={options(referredByOptions)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                />
              )}
            />
            <Controller
              name="cwccaseno"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('quickAdd.caseNo')}
                  withAsterisk={referredBy === 'refer'}
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => field.onChange(normaliseInput('cwccaseno', e.currentTarget.value))}
                />
              )}
            />
            <Controller
              name="centerdetailId"
              control={form.control}
              render={({ field, fieldState }) => (
                <Select
                  label={t('quickAdd.center')}
                  size="md"
                  error={error(fieldState.error?.message)}
                  ref={field.ref}
                  data={centerData}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  readOnly={!chooseCenter}
                  searchable={chooseCenter}
                />
              )}
            />
          </SimpleGrid>
          <PossibleMatches
            check={duplicates}
            newLabel={t('quickAdd.saveAsNew')}
            onOpen={() => void draft.clear().then(onClose)}
            onNew={() => void submit()}
          />
          <FormActions label={t('common.save')} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
