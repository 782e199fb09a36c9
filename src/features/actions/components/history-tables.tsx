import type { ReactNode } from 'react';
import { Loader, Table, Text } from '@mantine/core';
import {
  actionDeleted,
  codeLabel,
  messages,
  mutations,
  statusLabel,
  type ChildKeys,
  type LocalEntry,
} from '../../../../sync';
import { showDate as day, showDateTime as time } from '../../../lib/dates';
import { DeleteButton } from '../../../components/confirm-button';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useActionPermissions, useChildActivity, useChildDocuments, useChildHistory } from '../hooks/use-action-data';

type Column = { header: string; render: (row: LocalEntry) => ReactNode };

const nameOf = (v: unknown) =>
  v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name ?? '') : '';
const textOf = (v: unknown) => (v === undefined || v === null || typeof v === 'object' ? '' : String(v));

/** Columns of every history table after its own: center, comment, uploaded by, created, modified. */
const trailing: Column[] = [
  { header: 'Center', render: (r) => nameOf(r.center_data) },
  { header: 'Comment', render: (r) => textOf(r.comment) },
  { header: 'Uploaded By', render: (r) => nameOf(r.user_data_history ?? r.user_data) },
  { header: 'Created At', render: (r) => time(r.created_at) },
  { header: 'Modified At', render: (r) => time(r.updated_at) },
];

function EntriesTable({
  label,
  rows,
  columns,
  deletable,
  onDelete,
  deleteTitle,
}: {
  label: string;
  rows: LocalEntry[] | null;
  columns: Column[];
  deletable: (row: LocalEntry, index: number) => boolean;
  onDelete: (row: LocalEntry) => Promise<void>;
  deleteTitle: string;
}) {
  if (rows === null) return <Loader />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SL No.</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text ta="center">No Records Found!</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => (
            <Table.Tr key={row.cid} data-testid="history-row">
              <Table.Td>
                {i + 1} <SyncBadge state={row._sync} />
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.render(row)}</Table.Td>
              ))}
              <Table.Td>
                {deletable(row, i) && (
                  <DeleteButton
                    title={`Delete ${deleteTitle}`}
                    question="Are you sure you want to delete this entry?"
                    onConfirm={() => onDelete(row)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const removeWith = (entity: 'history' | 'activityLogs' | 'documents', title: string) => async (row: LocalEntry) => {
  const result = await mutations[entity].delete(row.cid);
  if (result.ok) toast.success(title);
  else toast.error(result.message);
};

/** Columns per history table, before the common ones. */
export const historyColumns: Record<string, Column[]> = {
  restore: [
    { header: 'Restoration Date', render: (r) => day(r.transfer_date) },
    { header: 'Method', render: (r) => codeLabel('restoration_method', textOf(r.restoration_method)) },
    { header: 'Restored To', render: (r) => textOf(r.restore_to) },
    { header: 'Address', render: (r) => textOf(r.restore_to_address) },
  ],
  medical: [
    { header: 'Medical Test Date', render: (r) => day(r.transfer_date) },
    { header: 'Medical Issue', render: (r) => textOf(r.medical_issues) },
  ],
  education: [
    { header: 'Educational Date', render: (r) => day(r.transfer_date) },
    { header: 'Education', render: (r) => codeLabel('education_type', textOf(r.education_type)) },
    { header: 'Education Level', render: (r) => textOf(r.education_level) },
  ],
  mhp: [
    { header: 'Date', render: (r) => day(r.transfer_date) },
    { header: 'Session', render: (r) => textOf(r.session_number).replace('session_', 'Session ') },
    { header: 'MHP', render: (r) => textOf(r.mhp) },
    { header: 'Others', render: (r) => textOf(r.other) },
  ],
  sps: [
    { header: 'Date', render: (r) => day(r.transfer_date) },
    { header: 'Social Protection Scheme', render: (r) => textOf(r.social_protection_scheme) },
  ],
  followUps: [
    { header: 'Date', render: (r) => day(r.transfer_date) },
    { header: 'Follow-Up Method', render: (r) => codeLabel('restoration_method', textOf(r.restoration_method)) },
  ],
  centers: [{ header: 'Date', render: (r) => day(r.transfer_date ?? r.date) }],
  escortExit: [
    { header: 'Date Of Escort/Exit', render: (r) => day(r.transfer_date) },
    { header: 'Exit Type', render: (r) => codeLabel('exit_type', textOf(r.exit_type)) },
    { header: 'Method', render: (r) => statusLabel(textOf(r.history_status)) },
    { header: 'Escort/Exit To', render: (r) => textOf(r.restore_to ?? r.escort_exit_to) },
  ],
};

/** A history table of the child; only its newest entry may be deleted (spec section 4), in Edit Profile only. */
export function HistoryTable({
  child,
  title,
  statuses,
  columns,
  editing,
}: {
  child: ChildKeys;
  title: string;
  statuses: readonly string[];
  columns: Column[];
  editing: boolean;
}) {
  const rows = useChildHistory(child, statuses);
  const { canDelete, canDeleteScheme } = useActionPermissions();
  // A Social Protection Scheme entry also needs the role's sps delete permission.
  const allowed = canDelete && (!statuses.includes('social_protection_scheme') || canDeleteScheme);
  return (
    <EntriesTable
      label={`${title} history`}
      rows={rows}
      columns={[...columns, ...trailing]}
      deletable={(row, i) => editing && allowed && i === 0 && !row._deleted}
      onDelete={removeWith('history', actionDeleted(title))}
      deleteTitle={title}
    />
  );
}

export function ActivityLogTable({ child, editing }: { child: ChildKeys; editing: boolean }) {
  const rows = useChildActivity(child);
  const { canDelete } = useActionPermissions();
  return (
    <EntriesTable
      label="Activity Log"
      rows={rows}
      columns={[{ header: 'Activity', render: (r) => textOf(r.activity) }, ...trailing]}
      deletable={(_, i) => editing && canDelete && i === 0}
      onDelete={removeWith('activityLogs', actionDeleted('Activity Log'))}
      deleteTitle="Activity Log"
    />
  );
}

export function DocumentsTable({ child, editing }: { child: ChildKeys; editing: boolean }) {
  const rows = useChildDocuments(child);
  const { canDeleteDocument } = useActionPermissions();
  return (
    <EntriesTable
      label="Documents"
      rows={rows}
      columns={[
        { header: 'Tag Name', render: (r) => nameOf(r.tag_data) || textOf(r.tagId) },
        { header: "Document's Date", render: (r) => day(r.doc_date) },
        { header: 'File', render: (r) => textOf(r.filename) },
        ...trailing,
      ]}
      deletable={() => editing && canDeleteDocument}
      onDelete={removeWith('documents', messages.documentDeleted)}
      deleteTitle="Document"
    />
  );
}
