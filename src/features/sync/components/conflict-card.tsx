import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { dateAndTime } from '../../../lib/dates';
import { entityFieldOf, review, type ReviewItem } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { childProfileHref } from '../../../lib/child-links';
import { describeEntry, useFieldReader } from '../hooks/use-review';
import { useT } from '../../../lib/i18n';

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
  const changedAt = typeof theirs?.updated_at === 'string' ? dateAndTime(theirs.updated_at) : null;
  const perField = Boolean(theirs) && !deleting && fields.length > 1;
  const show = useFieldReader(conflict.entity, [conflict.base, conflict.mine, theirs]);
  const { t, label } = useT();
  const labelOf = (field: string) => label(entityFieldOf(conflict.entity, field).label);

  return (
    <Card withBorder data-testid="conflict-card" padding="sm">
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Text fw={600}>{describeEntry(conflict.entity, deleting ? 'delete' : 'update', row)}</Text>
        <Badge color="orange.9" variant="light" tt="none">
          {theirs
            ? deleting
              ? t('sync.conflict.changedThere')
              : t('sync.conflict.changedBoth')
            : t('sync.conflict.deletedThere')}
        </Badge>
      </Group>
      <Group gap="md" mb="xs">
        {changedAt && (
          <Text size="sm" c="dark.6" data-testid="conflict-changed-at">
            {t('sync.conflict.changedAt', changedAt)}
          </Text>
        )}
        {conflict.entity === 'children' && row && (
          <Anchor component={Link} to={childProfileHref(row)} size="sm" fw={600}>
            {t('sync.conflict.openChild')}
          </Anchor>
        )}
      </Group>
      {theirs && !deleting && (
        <Table withTableBorder aria-label={t('sync.conflict.fields')} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sync.conflict.field')}</Table.Th>
              <Table.Th>{t('sync.conflict.yours')}</Table.Th>
              <Table.Th>{t('sync.conflict.theirs')}</Table.Th>
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
                    {t('sync.conflict.before', { value: show(field, conflict.base?.[field]) })}
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
                aria-label={t('sync.conflict.keepWhich', { field: labelOf(field) })}
                value={choice[field]}
                onChange={(v) => setChoice({ ...choice, [field]: v as Side })}
                data={[
                  { value: 'mine', label: t('sync.conflict.mine') },
                  { value: 'theirs', label: t('sync.conflict.theirsShort') },
                ]}
              />
            </Group>
          ))}
        </Stack>
      )}
      {!theirs && <Text size="sm">{t('sync.conflict.deletedNote')}</Text>}
      {deleting && theirs && <Text size="sm">{t('sync.conflict.youDeletedNote')}</Text>}
      <Group mt="md" gap="xs">
        {perField && (
          <Button onClick={() => void review.resolve(conflict.id!, choice)}>{t('sync.conflict.saveChoices')}</Button>
        )}
        <Button variant={perField ? 'default' : 'filled'} onClick={() => void review.resolve(conflict.id!, 'mine')}>
          {t('sync.conflict.keepMine')}
        </Button>
        <ConfirmButton
          variant="default"
          label={t('sync.conflict.keepTheirs')}
          title={t('sync.conflict.keepTheirsTitle')}
          question={t('sync.conflict.keepTheirsQuestion')}
          confirmLabel={t('sync.conflict.keepTheirs')}
          onConfirm={() => review.resolve(conflict.id!, 'theirs')}
        />
      </Group>
    </Card>
  );
}
