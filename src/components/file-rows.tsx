import { ActionIcon, Button, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { addDocumentRowProblem, dateFormats, normaliseInput, uploadLimits, type DocumentRowRule } from '../../sync';
import { parseTypedDate } from '../lib/dates';
import { toast } from './toast';
import { useT } from '../lib/i18n';

export type FileRowValues = {
  id?: string;
  tagId: string;
  doc_date: string;
  filename: File | string | null;
  profile_audio_name: File | string | null;
  comment: string;
};

type Props = {
  rows: FileRowValues[];
  onChange: (rows: FileRowValues[]) => void;
  tags: { value: string; label: string }[];
  newRow: () => FileRowValues;
  /** Audio per row (the wizard's documents); off on forms without it. */
  withAudio?: boolean;
  readOnly?: boolean;
  /** What each row needs before another is added: everything, or (CWC add pages) its tag. */
  addRule?: DocumentRowRule;
  /** The form's errors of the rows (react-hook-form's, under the rows' field): each marks its row's field. */
  errors?: unknown;
};

const at = (value: unknown, key: string | number): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;

/** The message of row `row`'s `field` in `errors`, or of the rows as a whole with no row. */
const errorOf = (errors: unknown, row: number | null, field?: keyof FileRowValues): string | undefined => {
  const message = at(row === null ? errors : at(at(errors, row), field ?? ''), 'message');
  return typeof message === 'string' ? message : undefined;
};

/** A stored file's name; one still on this device reads so (`onDevice`, the name filled in). */
const fileName = (v: File | string | null, onDevice: (name: string) => string) =>
  typeof v !== 'string' ? null : /^local-file:.*?:.*?:/.test(v) ? onDevice(v.replace(/^local-file:.*?:.*?:/, '')) : v;

/**
 * Repeatable document rows: tag, document's date, file, optional audio and comment. A
 * row is added only once every row has a tag, a date and a file (on the CWC add pages only
 * its tag; spec part 1, section 5);
 * Add Document otherwise says what the first incomplete row lacks, as an error toast.
 */
export function FileRows({
  rows,
  onChange,
  tags,
  newRow,
  withAudio = true,
  readOnly = false,
  addRule = 'complete',
  errors,
}: Props) {
  const { t, message } = useT();
  const onDevice = (name: string) => t('components.fileRows.onDevice', { name });
  const errorIn = (row: number, field: keyof FileRowValues) => {
    const text = errorOf(errors, row, field);
    return text ? message(text) : text;
  };
  const set = (i: number, patch: Partial<FileRowValues>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => {
    const problem = addDocumentRowProblem(rows, addRule);
    if (problem) toast.error(problem);
    else onChange([...rows, newRow()]);
  };
  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('components.fileRows.none')}
        </Text>
      )}
      {errorOf(errors, null) && (
        <Text size="sm" c="red">
          {message(errorOf(errors, null)!)}
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper
          key={i}
          withBorder
          p="sm"
          data-testid="document-row"
          aria-label={t('components.fileRows.row', { n: i + 1 })}
          role="group"
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('components.fileRows.tag')}
              withAsterisk
              size="md"
              data={tags}
              value={row.tagId || null}
              error={errorIn(i, 'tagId')}
              onChange={(v) => set(i, { tagId: v ?? '' })}
              readOnly={readOnly}
              searchable
            />
            <DateInput
              label={t('components.fileRows.date')}
              withAsterisk
              size="md"
              valueFormat={dateFormats.display}
              placeholder={dateFormats.display}
              dateParser={parseTypedDate}
              value={row.doc_date || null}
              error={errorIn(i, 'doc_date')}
              onChange={(v) => set(i, { doc_date: v ?? '' })}
              readOnly={readOnly}
            />
            <FileInput
              label={t('components.fileRows.file')}
              size="md"
              accept={uploadLimits.imageAccept}
              value={row.filename instanceof File ? row.filename : null}
              placeholder={fileName(row.filename, onDevice) ?? t('components.fileRows.fileHint')}
              error={errorIn(i, 'filename')}
              onChange={(file) => set(i, { filename: file })}
              readOnly={readOnly}
              data-testid="document-file"
            />
            {withAudio && (
              <FileInput
                label={t('components.fileRows.audio')}
                size="md"
                accept={uploadLimits.audioAccept}
                value={row.profile_audio_name instanceof File ? row.profile_audio_name : null}
                placeholder={fileName(row.profile_audio_name, onDevice) ?? t('components.fileRows.optional')}
                error={errorIn(i, 'profile_audio_name')}
                onChange={(file) => set(i, { profile_audio_name: file })}
                readOnly={readOnly}
                data-testid="document-audio"
              />
            )}
            <TextInput
              label={t('components.fileRows.comment')}
              size="md"
              value={row.comment}
              error={errorIn(i, 'comment')}
              onChange={(e) => set(i, { comment: normaliseInput('comment', e.currentTarget.value) })}
              readOnly={readOnly}
            />
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end" mt="xs">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('components.fileRows.remove', { n: i + 1 })}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                <IconTrash size={20} />
              </ActionIcon>
            </Group>
          )}
        </Paper>
      ))}
      {!readOnly && (
        <Group>
          <Button variant="light" size="md" leftSection={<IconPlus size={18} />} onClick={add}>
            {t('components.fileRows.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
