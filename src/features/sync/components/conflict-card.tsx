import { useState } from 'react';
import { Badge, Button, Card, Group, Radio, Table, Text } from '@mantine/core';
import { review, type ReviewItem } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { describeEntry, showValue } from '../hooks/use-review';

/** A conflict side by side: base, mine, theirs; keep a side or pick per field (R14). */
export function ConflictCard({ item }: { item: Extract<ReviewItem, { kind: 'conflict' }> }) {
  const { conflict } = item;
  const theirs = conflict.theirs;
  const deleting = Boolean(conflict.mine._delete);
  const fields = Object.keys(conflict.mine).filter((f) => f !== '_delete');
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>(() => Object.fromEntries(fields.map((f) => [f, 'mine'])));

  return (
    <Card withBorder data-testid="conflict-card">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{describeEntry(conflict.entity, deleting ? 'delete' : 'update', item.row)}</Text>
        <Badge color="orange">{theirs ? (deleting ? 'Changed on the server' : 'Conflict') : 'Deleted on the server'}</Badge>
      </Group>
      {theirs && !deleting && (
        <Table withTableBorder striped aria-label="Conflicting fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>Mine</Table.Th>
              <Table.Th>Theirs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Td>{field}</Table.Td>
                <Table.Td>{showValue(conflict.base?.[field])}</Table.Td>
                <Table.Td>
                  <Radio
                    label={showValue(conflict.mine[field])}
                    checked={choice[field] === 'mine'}
                    onChange={() => setChoice({ ...choice, [field]: 'mine' })}
                    aria-label={`${field}: mine`}
                  />
                </Table.Td>
                <Table.Td>
                  <Radio
                    label={showValue(theirs[field])}
                    checked={choice[field] === 'theirs'}
                    onChange={() => setChoice({ ...choice, [field]: 'theirs' })}
                    aria-label={`${field}: theirs`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!theirs && <Text size="sm">Someone deleted this record on the server after you changed it here.</Text>}
      {deleting && theirs && <Text size="sm">You deleted this record, but someone changed it on the server.</Text>}
      <Group mt="md" gap="xs">
        <Button onClick={() => void review.resolve(conflict.id!, 'mine')}>Keep mine</Button>
        <Button variant="light" onClick={() => void review.resolve(conflict.id!, 'theirs')}>
          Keep theirs
        </Button>
        {theirs && !deleting && fields.length > 1 && (
          <Button variant="outline" onClick={() => void review.resolve(conflict.id!, choice)}>
            Use selected fields
          </Button>
        )}
        <ConfirmButton
          variant="subtle"
          color="red"
          label="Discard my change"
          title="Discard this change?"
          question="Your change to this record will be removed from this device and the server's version kept. This cannot be undone."
          confirmLabel="Discard"
          onConfirm={() => review.resolve(conflict.id!, 'theirs')}
        />
      </Group>
    </Card>
  );
}
