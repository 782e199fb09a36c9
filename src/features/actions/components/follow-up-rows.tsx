import { ActionIcon, Button, FileInput, Group, Paper, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { dateFormats, followUpMethods, uploadLimits } from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';

type Row = Record<string, unknown>;
export const newFollowUpRow = (): Row => ({ restoration_method: '', transfer_date: '', comment: '', filename: null });

/** The Follow-Ups rows: method, date, comment and an optional file each. */
export function FollowUpRows({ rows, onChange }: { rows: Row[]; onChange: (rows: Row[]) => void }) {
  const { t, label } = useT();
  const methods = followUpMethods.map((m) => ({ value: m.value, label: label(m.label) }));
  const set = (i: number, patch: Row) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="sm">
      {rows.map((row, i) => (
        <Paper key={i} withBorder p="sm" role="group" aria-label={t('admin.actions.followUpRow', { n: i + 1 })}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('admin.actions.followUpMethod')}
              withAsterisk
              size="md"
              data={methods}
              value={(row.restoration_method as string) || null}
              onChange={(v) => set(i, { restoration_method: v ?? '' })}
            />
            <DateInput
              label={t('admin.common.date')}
              withAsterisk
              size="md"
              valueFormat={dateFormats.display}
              placeholder={dateFormats.display}
              dateParser={parseTypedDate}
              value={(row.transfer_date as string) || null}
              onChange={(v) => set(i, { transfer_date: v ?? '' })}
            />
            <Textarea
              label={t('admin.common.comment')}
              withAsterisk
              size="md"
              value={String(row.comment ?? '')}
              onChange={(e) => set(i, { comment: e.currentTarget.value.replace(/^\s+/, '') })}
            />
            <FileInput
              label={t('admin.common.file')}
              size="md"
              accept={uploadLimits.imageAccept}
              value={row.filename instanceof File ? row.filename : null}
              onChange={(f) => set(i, { filename: f })}
            />
          </SimpleGrid>
          {rows.length > 1 && (
            <Group justify="flex-end">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('admin.actions.removeFollowUp', { n: i + 1 })}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                <IconTrash size={20} />
              </ActionIcon>
            </Group>
          )}
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="md"
          leftSection={<IconPlus size={18} />}
          onClick={() => onChange([...rows, newFollowUpRow()])}
        >
          {t('admin.actions.addRow')}
        </Button>
      </Group>
    </Stack>
  );
}
