import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { showDateTime } from '../../../lib/dates';
import { entityFieldOf, review, type ReviewItem } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { childProfileHref } from '../../../lib/child-links';
import { describeEntry, useFieldReader } from '../hooks/use-review';

type Side = 'mine' | 'theirs';

/**
 * A conflict a field worker can decide (R14): each field by its label, this device's value
 * against the server's, when the server's changed, a link to the child, and one choice per
 * field only when there is more than one field to choose.
 */
export function ConflictCard({ item }: { item: Extract<ReviewItem, { kind: 'conflict' }> }) {
  const { conflict, row } = item;
  const theirs = conflict.theirs;
  const deleting = Boolean(conflict.mine._delete);
  const fields = Object.keys(conflict.mine).filter((f) => f !== '_delete');
  const [choice, setChoice] = useState<Record<string, Side>>(() => Object.fromEntries(fields.map((f) => [f, 'mine'])));
  const changedAt =
    typeof theirs?.updated_at === 'string' ? showDateTime(theirs.updated_at, { words: true }) || null : null;
  const perField = Boolean(theirs) && !deleting && fields.length > 1;
  const show = useFieldReader(conflict.entity, [conflict.base, conflict.mine, theirs]);
  const labelOf = (field: string) => entityFieldOf(conflict.entity, field).label;

  return (
    <Card withBorder data-testid="conflict-card" padding="sm">
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Text fw={600}>{describeEntry(conflict.entity, deleting ? 'delete' : 'update', row)}</Text>
        <Badge color="orange.9" variant="light" tt="none">
          {theirs ? (deleting ? 'Changed on the server' : 'Changed in two places') : 'Deleted on the server'}
        </Badge>
      </Group>
      <Group gap="md" mb="xs">
        {changedAt && (
          <Text size="sm" c="dark.6" data-testid="conflict-changed-at">
            Changed on the server on {changedAt}
          </Text>
        )}
        {conflict.entity === 'children' && row && (
          <Anchor component={Link} to={childProfileHref(row)} size="sm" fw={600}>
            Open this child
          </Anchor>
        )}
      </Group>
      {theirs && !deleting && (
        <Table withTableBorder aria-label="Conflicting fields" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Your change</Table.Th>
              <Table.Th>On the server</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field} data-testid="conflict-field">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {labelOf(field)}
                  </Text>
                  <Text size="xs" c="dark.6">
                    Before: {show(field, conflict.base?.[field])}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(field, conflict.mine[field])}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(field, theirs[field])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {perField && (
        <Stack gap={6} mt="sm">
          {fields.map((field) => (
            <Group key={field} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{labelOf(field)}</Text>
              <SegmentedControl
                size="sm"
                aria-label={`Keep which ${labelOf(field)}`}
                value={choice[field]}
                onChange={(v) => setChoice({ ...choice, [field]: v as Side })}
                data={[
                  { value: 'mine', label: 'Mine' },
                  { value: 'theirs', label: 'Theirs' },
                ]}
              />
            </Group>
          ))}
        </Stack>
      )}
      {!theirs && <Text size="sm">Someone deleted this record on the server after you changed it here.</Text>}
      {deleting && theirs && <Text size="sm">You deleted this record, but someone changed it on the server.</Text>}
      <Group mt="md" gap="xs">
        {perField && <Button onClick={() => void review.resolve(conflict.id!, choice)}>Save these choices</Button>}
        <Button variant={perField ? 'default' : 'filled'} onClick={() => void review.resolve(conflict.id!, 'mine')}>
          Keep mine
        </Button>
        <ConfirmButton
          variant="default"
          label="Keep theirs"
          title="Keep the server's version?"
          question="Your change to this record will be removed from this device and the server's version kept. This cannot be undone."
          confirmLabel="Keep theirs"
          onConfirm={() => review.resolve(conflict.id!, 'theirs')}
        />
      </Group>
    </Card>
  );
}
