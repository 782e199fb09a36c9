import { useEffect } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { centerFormSchema, isAdministrator, normaliseInput, statusFlags, type LocalCenter } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';
import { saveCenter, type CenterValues } from '../hooks/save-center';
import { useCenterPointSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * /center-management/add-center: Add Center, or Edit Center when the route state holds a
 * center. Back and Next; the first failing field's message as a toast; success goes
 * back to the list. Without create permission the page sends the user back.
 */
export function CenterFormPage() {
  const navigate = useNavigate();
  const user = useUser();
  // "Center (a choice from center points)" (spec part 1, centers): GET /centers_points.
  const typeOptions = useCenterPointSelect();
  const existing = (useLocation().state as { center?: LocalCenter } | null)?.center;
  // Centers are no module of section 6: only administrators create and edit them.
  const allowed = isAdministrator(user);
  const { t, label } = useT();
  const statusOptions = statusFlags.map((s) => ({ value: String(s.value), label: label(s.label) }));
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<CenterValues>({
    schema: centerFormSchema,
    defaultValues: {
      centertypeId: text(existing?.centertypeId),
      email: text(existing?.email),
      prefix: text(existing?.prefix),
      name: text(existing?.name),
      phone: text(existing?.phone),
      status: existing ? text(existing.status) : '1',
      address: text(existing?.address),
    },
    draftKey: `center:${existing?.cid ?? 'new'}`,
    save: (values) => saveCenter(values, existing?.cid),
    onSaved: () => {
      toast.success(texts[existing ? 'admin.centers.updated' : 'admin.centers.added']);
      void navigate('/center-management');
    },
  });

  useEffect(() => {
    if (!allowed) void navigate(-1);
  }, [allowed, navigate]);

  return (
    <Stack>
      <Title order={2}>{t(existing ? 'admin.centers.edit' : 'admin.centers.add')}</Title>
      <Paper withBorder p="md">
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack>
            <DraftNotice draft={draft} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                name="centertypeId"
                control={form.control}
                render={({ field }) => (
                  <Select
                    label={t('admin.common.center')}
                    withAsterisk
                    size="md"
                    data={typeOptions}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                  />
                )}
              />
              <Controller
                name="email"
                control={form.control}
                render={({ field }) => (
                  <TextInput
                    label={t('admin.centers.email')}
                    type="email"
                    size="md"
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value.trim())}
                  />
                )}
              />
              <Controller
                name="prefix"
                control={form.control}
                render={({ field }) => (
                  <TextInput
                    label={t('admin.centers.prefix')}
                    withAsterisk
                    size="md"
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value.trimStart().toUpperCase())}
                  />
                )}
              />
              <Controller
                name="name"
                control={form.control}
                render={({ field }) => (
                  <TextInput
                    label={t('admin.common.centerName')}
                    withAsterisk
                    size="md"
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value.trimStart())}
                  />
                )}
              />
              <Controller
                name="phone"
                control={form.control}
                render={({ field }) => (
                  <TextInput
                    label={t('admin.centers.phone')}
                    size="md"
                    inputMode="numeric"
                    maxLength={10}
                    value={field.value}
                    onChange={(e) => field.onChange(normaliseInput('phoneno', e.currentTarget.value))}
                  />
                )}
              />
              <Controller
                name="status"
                control={form.control}
                render={({ field }) => (
                  <Select
                    label={t('admin.common.status')}
                    withAsterisk
                    size="md"
                    data={statusOptions}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              name="address"
              control={form.control}
              render={({ field }) => (
                <Textarea
                  label={t('admin.common.address')}
                  withAsterisk
                  size="md"
                  autosize
                  minRows={2}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value.trimStart())}
                />
              )}
            />
            <Group justify="space-between">
              <Button variant="default" size="md" onClick={() => void navigate('/center-management')}>
                {t('admin.common.back')}
              </Button>
              <Button type="submit" size="md" loading={busy}>
                {t('admin.common.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
