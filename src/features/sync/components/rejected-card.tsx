import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { review, type ReviewItem } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { describeEntry } from '../hooks/use-review';

const editable = (value: unknown) => value === null || ['string', 'number'].includes(typeof value);

/** A change the server refused (422): its message, its fields to fix, and resubmit. */
export function RejectedCard({ item }: { item: Extract<ReviewItem, { kind: 'rejected' }> }) {
  const { entry } = item;
  const fields = Object.entries(entry.payload).filter(
    ([k, v]) => editable(v) && !String(v).startsWith('local-file:') && k !== 'id',
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(([k, v]) => [k, v === null ? '' : String(v)])),
  );
  const [editing, setEditing] = useState(false);

  return (
    <Card withBorder data-testid="rejected-card">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{describeEntry(entry.entity, entry.op, item.row)}</Text>
        <Badge color="red">Rejected</Badge>
      </Group>
      <Alert color="red" variant="light" mb="sm">
        {entry.lastError}
      </Alert>
      {editing && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
          {fields.map(([field]) => (
            <TextInput
              key={field}
              label={field}
              value={values[field]}
              onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
      )}
      <Group gap="xs">
        {editing ? (
          <Button onClick={() => void review.resubmit(entry.seq!, values).then(() => setEditing(false))}>
            Resubmit
          </Button>
        ) : (
          <Button variant="light" onClick={() => setEditing(true)}>
            Edit and resubmit
          </Button>
        )}
        <ConfirmButton
          variant="subtle"
          color="red"
          label="Discard"
          title="Discard this change?"
          question="This change will be removed from this device and never sent. This cannot be undone."
          confirmLabel="Discard"
          onConfirm={() => review.discard(entry.seq!)}
        />
      </Group>
    </Card>
  );
}
