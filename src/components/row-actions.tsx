import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RowSyncState } from '../../sync';
import { childProfileHref } from '../lib/child-links';
import { useOnlyView } from '../lib/only-view';
import { ConfirmButton } from './confirm-button';
import { SyncBadge } from './sync-badge';
import { toast } from './toast';
import { useT } from '../lib/i18n';

/** A list's title with its Add button, shown only to who may add. */
export function ListHeader({
  title,
  addLabel,
  canAdd,
  onAdd,
}: {
  title: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2}>{title}</Title>
      {canAdd && (
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Group>
  );
}

/** A row's name with its pending/conflict badge. */
export function NameCell({ name, state }: { name: unknown; state: RowSyncState | undefined }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{String(name ?? '')}</Text>
      <SyncBadge state={state} />
    </Group>
  );
}

/** The row actions' group; each action appears only if permitted (the caller decides). */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

/** A row action other than view: left out in the hide-action mode (spec part 1, section 6). */
export function ChangeAction({ children }: { children: ReactNode }) {
  return useOnlyView() ? null : children;
}

/** Go-to: opens the profile of the child a row is about (its own address, so a new tab works too). */
export function GoToChildAction({ child }: { child: { id?: unknown; cid: string; name?: unknown } }) {
  const { t } = useT();
  if (useOnlyView()) return null;
  return (
    <Tooltip label={t('components.rowActions.goToProfile')}>
      <ActionIcon
        component={Link}
        to={childProfileHref(child)}
        variant="subtle"
        size="lg"
        aria-label={
          child.name
            ? t('components.rowActions.goTo', { name: String(child.name) })
            : t('components.rowActions.goToUnnamed')
        }
      >
        <IconArrowRight size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * An icon action of a row, named for screen readers after the row. Only a `view` action
 * stays in the hide-action mode.
 */
export function IconAction({
  tooltip,
  label,
  icon,
  onClick,
  view = false,
}: {
  tooltip: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  view?: boolean;
}) {
  if (useOnlyView() && !view) return null;
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

export function EditAction({ name, onClick }: { name: unknown; onClick: () => void }) {
  const { t } = useT();
  return (
    <IconAction
      tooltip={t('components.rowActions.edit')}
      label={t('components.rowActions.editNamed', { name: String(name ?? '') })}
      icon={<IconEdit size={20} />}
      onClick={onClick}
    />
  );
}

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Delete with confirmation (the spec asks before every delete). The outcome of the
 * local write is told in a toast: the spec's success message, or why it failed.
 */
export function DeleteAction({
  name,
  title,
  question,
  success,
  onDelete,
  refusal,
}: {
  name: unknown;
  title: string;
  question: string;
  success: string;
  onDelete: () => Promise<Outcome>;
  /** Why this row cannot be deleted now (something still uses it), or null. */
  refusal?: () => Promise<string | null>;
}) {
  const { t } = useT();
  if (useOnlyView()) return null;
  return (
    <ConfirmButton
      variant="subtle"
      color="red"
      size="compact-md"
      label={
        <>
          <IconTrash size={20} />
          <VisuallyHidden>{t('components.rowActions.deleteNamed', { name: String(name ?? '') })}</VisuallyHidden>
        </>
      }
      title={title}
      question={question}
      refusal={refusal}
      confirmLabel={t('components.confirm.delete')}
      onConfirm={async () => {
        const outcome = await onDelete();
        if (outcome.ok) toast.success(success);
        else toast.error(outcome.message);
      }}
    />
  );
}
