import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useWatch } from 'react-hook-form';
import {
  activeSchemeNames,
  bulkUpdatedMessage,
  bulkUpdateInput,
  bulkUpdateSchema,
  bulkUpdateTypes,
  dateFormats,
  educationTypes,
  ensureLookup,
  followUpMethods,
  medicalIssues,
  mhpOptions,
  normaliseInput,
  schemesLookup,
} from '../../../../sync';
import { toast } from '../../../components/toast';
import { parseTypedDate } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';

import { bulkUpdateChildren, useSelectedChildren } from '../hooks/use-bulk-update';
import { useCenters } from '../../../lib/use-lookups';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';
import type { TextKey } from '../../../../sync/shell';

const typeFields: Record<string, { name: string; label: TextKey; data?: readonly { value: string; label: string }[] }> =
  {
    education: { name: 'education_type', label: 'children.bulk.education', data: educationTypes },
    medical: { name: 'medical_issues', label: 'children.bulk.medical', data: medicalIssues },
    mhp: { name: 'mhp', label: 'children.bulk.mhp', data: mhpOptions },
    'follow-ups': { name: 'followupmethod', label: 'children.bulk.followUps', data: followUpMethods },
    sps: { name: 'social_protection_scheme', label: 'children.bulk.sps' },
    center: { name: 'centerId', label: 'children.bulk.center' },
  };

type Props = { cids: string[]; onClose: () => void; onDone: () => void };

/** Bulk Update Details: one update (education, medical, mhp, follow-ups, sps or center) for every selected child. */
export function BulkUpdateModal({ cids, onClose, onDone }: Props) {
  const children = useSelectedChildren(cids);
  const centers = useCenters();
  const { t, label } = useT();
  const options = (list: readonly { value: string; label: string }[]) =>
    list.map((o) => ({ value: o.value, label: label(o.label) }));
  const {
    form,
    busy,
    submit: save,
  } = useContractForm<Record<string, string>>({
    schema: bulkUpdateSchema,
    input: (values) => bulkUpdateInput(values, children),
    defaultValues: { type: '', date: '', comment: '' },
    save: (values) => bulkUpdateChildren(values, children),
    onSaved: () => {
      toast.success(bulkUpdatedMessage);
      onDone();
    },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const special = typeFields[type];
  // The SPS field chooses from the schemes (/sps_all, and those saved on this device).
  useEffect(() => {
    if (type === 'sps') void ensureLookup(schemesLookup.key, schemesLookup.path);
  }, [type]);
  const schemes = useLiveQuery(() => activeSchemeNames(), [], []);
  const specialData =
    type === 'center'
      ? centers.map((c) => ({ value: String(c.id), label: c.name }))
      : type === 'sps'
        ? schemes.map((name) => ({ value: name, label: name }))
        : special?.data && options(special.data);

  return (
    <Modal opened onClose={onClose} title={t('children.bulk.title')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <Text size="sm">
            {t(cids.length === 1 ? 'children.bulk.selected_one' : 'children.bulk.selected_other', {
              count: cids.length,
            })}
          </Text>
          <Controller
            name="type"
            control={form.control}
            render={({ field }) => (
              <Select
                label={t('children.bulk.type')}
                withAsterisk
                size="md"
                data={options(bulkUpdateTypes)}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
              />
            )}
          />
          {special && (
            <Controller
              key={special.name}
              name={special.name}
              control={form.control}
              render={({ field }) =>
                specialData ? (
                  <Select
                    label={t(special.label)}
                    withAsterisk
                    size="md"
                    data={specialData}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    searchable
                  />
                ) : (
                  <TextInput
                    label={t(special.label)}
                    withAsterisk
                    size="md"
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(normaliseInput(special.name, e.currentTarget.value))}
                  />
                )
              }
            />
          )}
          <Controller
            name="date"
            control={form.control}
            render={({ field }) => (
              <DateInput
                dateParser={parseTypedDate}
                label={t('children.bulk.date')}
                withAsterisk
                size="md"
                valueFormat={dateFormats.display}
                placeholder={dateFormats.display}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
              />
            )}
          />
          <Controller
            name="comment"
            control={form.control}
            render={({ field }) => (
              <Textarea
                label={t('children.bulk.comment')}
                withAsterisk
                size="md"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(normaliseInput('comment', e.currentTarget.value))}
              />
            )}
          />
          <FormActions label={t('common.save')} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
