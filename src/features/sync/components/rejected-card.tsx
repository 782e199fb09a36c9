import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { checkCorrection, entityFieldOf, review, type ReviewItem } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { describeEntry, useFieldReader } from '../hooks/use-review';
import { ReviewFieldInput } from './review-field-input';
import { useT } from '../../../lib/i18n';

const editable = (value: unknown) => value === null || ['string', 'number'].includes(typeof value);

/**
 * A change the server refused (422, R10): its message, its fields by their form's labels
 * with values in words, and Edit and resubmit with the form's inputs and checks.
 */
export function RejectedCard({ item }: { item: Extract<ReviewItem, { kind: 'rejected' }> }) {
  const { entry } = item;
  const fields = Object.entries(entry.payload).filter(
    ([k, v]) => editable(v) && !String(v).startsWith('local-file:') && k !== 'id',
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(([k, v]) => [k, v === null ? '' : String(v)])),
  );
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const show = useFieldReader(entry.entity, [entry.payload], entry.op);
  const specOf = (field: string) => entityFieldOf(entry.entity, field, entry.op);
  const { t, label, message } = useT();

  const resubmit = async () => {
    const checked = checkCorrection(entry.entity, entry.payload, values, entry.op);
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    await review.resubmit(entry.seq!, checked.fields);
    setEditing(false);
  };

  return (
    <Card withBorder data-testid="rejected-card">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{describeEntry(entry.entity, entry.op, item.row)}</Text>
        <Badge color="red">{t('syncBadge.rejected')}</Badge>
      </Group>
      <Alert color="red" variant="light" mb="sm">
        {entry.lastError && message(entry.lastError)}
      </Alert>
      {editing ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
          {fields.map(([field]) => (
            <ReviewFieldInput
              key={field}
              spec={specOf(field)}
              value={values[field] ?? ''}
              shown={show(field, entry.payload[field])}
              error={problem?.field === field ? message(problem.message) : undefined}
              onChange={(value) => setValues({ ...values, [field]: value })}
            />
          ))}
        </SimpleGrid>
      ) : (
        fields.length > 0 && (
          <Table withTableBorder layout="fixed" mb="sm" aria-label={t('sync.rejected.sent')}>
            <Table.Tbody>
              {fields.map(([field, value]) => (
                <Table.Tr key={field} data-testid="rejected-field">
                  <Table.Th w="40%">{label(specOf(field).label)}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(field, value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      )}
      <Group gap="xs">
        {editing ? (
          <Button onClick={() => void resubmit()}>{t('sync.rejected.resubmit')}</Button>
        ) : (
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('sync.rejected.edit')}
          </Button>
        )}
        <ConfirmButton
          variant="subtle"
          color="red"
          label={t('sync.rejected.discard')}
          title={t('sync.rejected.discardTitle')}
          question={t('sync.rejected.discardQuestion')}
          confirmLabel={t('sync.rejected.discard')}
          onConfirm={() => review.discard(entry.seq!)}
        />
      </Group>
    </Card>
  );
}
