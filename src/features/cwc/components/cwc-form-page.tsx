import { useEffect } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  ALL_CENTERS_ID,
  cwcProduceFormSchema,
  cwcReferFormSchema,
  dateFormats,
  mutations,
  normaliseInput,
} from '../../../../sync';
import { FileRows, type FileRowValues } from '../../../components/file-rows';
import { parseTypedDate, showDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';
import { entityOf, useCwcPermissions, useCwcRecord, type CwcKind, type LocalCwc } from '../hooks/use-cwc';
import type { CwcFormValues } from './cwc-values';
import { useCenterSelect, useTagSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';

const newRow = (): FileRowValues => ({
  tagId: '',
  doc_date: '',
  filename: null,
  profile_audio_name: null,
  comment: '',
});

/** /produce/add and /refer/add (and their edit, with { cid } in the route state). */
export function CwcFormPage({ kind }: { kind: CwcKind }) {
  const navigate = useNavigate();
  const location = useLocation();
  const cid = (location.state as { cid?: string; childregId?: string | number } | null)?.cid;
  const childregId = (location.state as { childregId?: string | number } | null)?.childregId;
  const { canCreate, canEdit } = useCwcPermissions();
  const allowed = cid ? canEdit : canCreate;
  useEffect(() => {
    if (!allowed) void navigate(-1);
  }, [allowed, navigate]);
  const record = useCwcRecord(kind, cid);
  const { t } = useT();
  if (!allowed) return null;
  if (cid && !record) return <Text>{t('admin.common.loadingDots')}</Text>;
  return (
    <CwcForm kind={kind} record={record ?? null} childregId={childregId} onDone={() => void navigate(`/${kind}`)} />
  );
}

function CwcForm({
  kind,
  record,
  childregId,
  onDone,
}: {
  kind: CwcKind;
  record: LocalCwc | null;
  childregId?: string | number;
  onDone: () => void;
}) {
  const user = useUser();
  const centers = useCenterSelect();
  const tags = useTagSelect();
  const ownCenter = user && user.centerId !== ALL_CENTERS_ID ? String(user.centerId) : '';
  const { t, message } = useT();
  const error = (text: string | undefined) => (text ? message(text) : text);
  const kept = Array.isArray(record?.documents) ? (record.documents as Record<string, unknown>[]) : [];
  const { form, draft, submit } = useContractForm<CwcFormValues>({
    schema: kind === 'produce' ? cwcProduceFormSchema : cwcReferFormSchema,
    input: (values) => ({
      ...values,
      childregId: childregId ?? record?.childregId ?? undefined,
      // The kept documents after the new rows, so a row's problem names the row the form shows.
      documents: [...values.documents, ...kept.map((d) => ({ id: d.id, tagId: d.tagId ?? 1 }))],
    }),
    defaultValues: {
      centerId: record ? String(record.centerId ?? '') : ownCenter,
      cwccaseno: String(record?.cwccaseno ?? ''),
      transfer_date: String(record?.transfer_date ?? ''),
      comment: String(record?.comment ?? ''),
      documents: record ? [] : [newRow()],
    },
    draftKey: `cwc:${kind}:${record?.cid ?? String(childregId ?? 'new')}`,
    save: async (values) => {
      const input = { ...values, childregId: childregId ?? record?.childregId };
      const result = record
        ? await mutations[entityOf(kind)].update(record.cid, input)
        : await mutations[entityOf(kind)].create(input);
      return result.ok ? { ok: true } : { ok: false, message: result.message };
    },
    onSaved: () => {
      toast.success(texts['admin.cwc.saved']);
      onDone();
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <DraftNotice draft={draft} />
        <Title order={2}>{t(record ? `admin.cwc.edit.${kind}` : `admin.cwc.add.${kind}`)}</Title>
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="centerId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('admin.common.center')}
                  withAsterisk
                  size="md"
                  data={centers}
                  ref={field.ref}
                  error={error(fieldState.error?.message)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  readOnly={Boolean(ownCenter)}
                  searchable
                />
              )}
            />
            {kind === 'refer' && (
              <TextInput
                label={t('admin.cwc.caseNo')}
                withAsterisk
                size="md"
                error={error(errors.cwccaseno?.message)}
                {...form.register('cwccaseno', { setValueAs: (v: string) => normaliseInput('cwccaseno', v) })}
              />
            )}
            <Controller
              control={form.control}
              name="transfer_date"
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
            <Textarea
              label={t('admin.common.comment')}
              withAsterisk
              size="md"
              autosize
              minRows={2}
              error={error(errors.comment?.message)}
              {...form.register('comment')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            {t('admin.cwc.addDocuments')}
          </Title>
          {kept.map((d) => (
            <Text key={String(d.id)} size="sm">
              {String(
                (d.tag_data as { name?: string } | null)?.name ?? t('admin.cwc.tagOf', { id: String(d.tagId ?? '') }),
              )}{' '}
              {showDate(d.doc_date)}
            </Text>
          ))}
          <Controller
            control={form.control}
            name="documents"
            render={({ field, fieldState }) => (
              <FileRows
                rows={field.value}
                onChange={field.onChange}
                errors={fieldState.error}
                tags={tags}
                newRow={newRow}
                withAudio={false}
                addRule="tagOnly"
              />
            )}
          />
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onDone}>
            {t('admin.common.back')}
          </Button>
          <Button type="submit" size="md">
            {t('admin.common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
