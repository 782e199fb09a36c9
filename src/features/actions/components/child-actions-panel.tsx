import { useEffect, useState } from 'react';
import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from '../../../lib/use-live-query';
import {
  childStatusLookup,
  escortExitStatuses,
  exitActionTypes,
  historyTables,
  latestChildStatus,
  mutations,
  readLookup,
  refreshLookup,
  type ActionFormKey,
  type ChildStatus,
  type HistoryTableKey,
} from '../../../../sync';
import { useOnline } from '../../../lib/use-store';
import { texts } from '../../../../sync/shell';
import { toast } from '../../../components/toast';
import type { ActionChild } from '../hooks/save-action';
import { useActionPermissions } from '../hooks/use-action-data';
import { ActionFormModal } from './action-form-modal';
import { ActivityLogTable, DocumentsTable, HistoryTable, historyColumns } from './history-tables';
import { useT } from '../../../lib/i18n';

/** What each item of the profile's side menu shows: a history table and the form its Add button opens. */
const sections: Record<
  string,
  { table: HistoryTableKey | 'activity' | 'documents'; columns?: string; form?: ActionFormKey }
> = {
  'Follow-Ups': { table: 'followUps', form: 'followUps' },
  'Activity Log': { table: 'activity' },
  Documents: { table: 'documents' },
  Centers: { table: 'centers', form: 'centerChange' },
  Restore: { table: 'restore', form: 'restore' },
  'Restoration Follow-Up': { table: 'restorationFollowUp', columns: 'restore', form: 'restorationFollowUp' },
  Medical: { table: 'medical', form: 'medical' },
  Education: { table: 'education', form: 'education' },
  MHP: { table: 'mhp', form: 'mhp' },
  Transfer: { table: 'centers', form: 'transfer' },
  'Escort/Exit': { table: 'escortExit', form: 'escortExit' },
  'Social Protection Scheme': { table: 'sps', form: 'sps' },
};

/** Side menu items this feature draws (every item but the child's own information). */
export const actionSections = Object.keys(sections);

type Props = { child: ActionChild; section: string; editing: boolean };

/** The history table of a side menu item, with its Add button in edit mode. */
export function ChildActionsPanel({ child, section, editing }: Props) {
  const [open, setOpen] = useState<ActionFormKey | null>(null);
  const { canCreate } = useActionPermissions();
  const { t, label } = useT();
  const config = sections[section];
  if (!config) return null;
  const table = config.table;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{label(section)}</Title>
        {editing && canCreate && config.form && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setOpen(config.form!)}>
            {t('admin.common.add')}
          </Button>
        )}
      </Group>
      {table === 'activity' ? (
        <ActivityLogTable child={child} editing={editing} />
      ) : table === 'documents' ? (
        <DocumentsTable child={child} editing={editing} />
      ) : (
        <HistoryTable
          child={child}
          title={historyTables[table].title}
          statuses={historyTables[table].statuses}
          columns={historyColumns[config.columns ?? table] ?? historyColumns.centers!}
          editing={editing}
        />
      )}
      {open && <ActionFormModal formKey={open} child={child} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

const dropdownForms: Record<string, ActionFormKey> = {
  transfer: 'transfer',
  escort_exit: 'escortExit',
  restore: 'restore',
};

/** The edit mode's Action dropdown: Transfer, Escort/Exit, Restore. */
export function ActionDropdown({ child }: { child: ActionChild }) {
  const [open, setOpen] = useState<ActionFormKey | null>(null);
  const { canCreate } = useActionPermissions();
  const { t, label } = useT();
  if (!canCreate) return null;
  return (
    <>
      <Select
        aria-label={t('admin.actions.action')}
        placeholder={t('admin.actions.action')}
        size="md"
        w={200}
        data={exitActionTypes.map((a) => ({ value: a.value, label: label(a.label) }))}
        value={null}
        onChange={(v) => v && setOpen(dropdownForms[v] ?? null)}
      />
      {open && <ActionFormModal formKey={open} child={child} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * REOPEN. Spec part 1, section 4: "Reopen: the child status call returns a reopen flag.
 * If true and the user can edit, REOPEN calls the reopen action and then refreshes the
 * status." Online, the profile asks GET /child_status/{id} and the button follows its
 * `reopen` flag alone. Offline (or before the server has answered) the local rule
 * applies: the child's latest status on the device is an exit, unless the last answer
 * kept on the device said no. A reopen saved here hides the button at once (its entry is
 * the child's new latest status) until the server is asked again.
 */
export function showsReopen(
  online: boolean,
  flags: ChildStatus | null,
  latest: string | null,
  fetchedOnline: boolean,
): boolean {
  if (latest === 'reopen') return false;
  if (online && fetchedOnline && flags) return flags.reopen === true;
  const exited = Boolean(latest && escortExitStatuses.includes(latest));
  return exited && flags?.reopen !== false;
}

export function ReopenButton({ child }: { child: ActionChild }) {
  const { canReopen } = useActionPermissions();
  const { t } = useT();
  const online = useOnline();
  const latest = useLiveQuery(() => latestChildStatus(child), [child.cid, child.id], null);
  const childId = typeof child.id === 'number' ? child.id : null;
  const flags = useLiveQuery(
    async () =>
      childId === null ? null : ((await readLookup<ChildStatus>(childStatusLookup(childId).key))?.data ?? null),
    [childId],
    null,
  );
  // Whether the server answered while this profile was open online.
  const [fetchedOnline, setFetchedOnline] = useState(false);
  useEffect(() => {
    if (!online || childId === null) return;
    const lookup = childStatusLookup(childId);
    let live = true;
    void refreshLookup(lookup.key, lookup.path).then((r) => {
      if (live && r.ok) setFetchedOnline(true);
    });
    return () => {
      live = false;
    };
  }, [online, childId, latest]);
  if (!canReopen || !showsReopen(online, flags, latest, fetchedOnline)) return null;
  const reopen = async () => {
    const result = await mutations.historyActions.reopen({
      childregId: child.id ?? child.cid,
      history_status: 'reopen',
      transfer_date: new Date().toISOString().slice(0, 10),
    });
    if (result.ok) toast.success(texts['admin.actions.reopened']);
    else toast.error(result.message);
  };
  return (
    <Button size="md" color="orange" onClick={() => void reopen()}>
      {t('admin.actions.reopen')}
    </Button>
  );
}
