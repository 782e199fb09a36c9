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
import { useT } from '../../../lib/i18n';
import type { TextKey } from '../../../../sync/shell';

/** The words a cell needs: a contract label (a status, a code's label) or a screen text, in the language shown. */
type Words = {
  t: (key: TextKey, values?: Record<string, string | number>) => string;
  label: (english: string) => string;
};
type Column = { header: TextKey; render: (row: LocalEntry, words: Words) => ReactNode };

const nameOf = (v: unknown) =>
  v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name ?? '') : '';
const textOf = (v: unknown) => (v === undefined || v === null || typeof v === 'object' ? '' : String(v));

/** Columns of every history table after its own: center, comment, uploaded by, created, modified. */
const trailing: Column[] = [
  { header: 'admin.history.center', render: (r) => nameOf(r.center_data) },
  { header: 'admin.common.comment', render: (r) => textOf(r.comment) },
  { header: 'admin.history.uploadedBy', render: (r) => nameOf(r.user_data_history ?? r.user_data) },
  { header: 'admin.history.createdAt', render: (r) => time(r.created_at) },
  { header: 'admin.history.modifiedAt', render: (r) => time(r.updated_at) },
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
  const words = useT();
  const { t, message } = words;
  if (rows === null) return <Loader aria-label={t('common.loading')} />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.slNo')}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.header}>{t(c.header)}</Table.Th>
            ))}
            <Table.Th>{t('column.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text ta="center">{message(messages.noRecords)}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => (
            <Table.Tr key={row.cid} data-testid="history-row">
              <Table.Td>
                {i + 1} <SyncBadge state={row._sync} />
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.render(row, words)}</Table.Td>
              ))}
              <Table.Td>
                {deletable(row, i) && (
                  <DeleteButton
                    title={t('admin.history.deleteTitle', { title: deleteTitle })}
                    question={t('admin.history.deleteQuestion')}
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

/** 'session_3' as 'Session 3' (the MHP form's options say it so); any other value as stored. */
const sessionOf = (value: string, t: Words['t']) => {
  const n = /^session_(\d+)$/.exec(value)?.[1];
  return n ? t('admin.history.sessionNumber', { n }) : value;
};

/** Columns per history table, before the common ones. */
export const historyColumns: Record<string, Column[]> = {
  restore: [
    { header: 'admin.history.restorationDate', render: (r) => day(r.transfer_date) },
    {
      header: 'admin.history.method',
      render: (r, { label }) => label(codeLabel('restoration_method', textOf(r.restoration_method))),
    },
    { header: 'admin.history.restoredTo', render: (r) => textOf(r.restore_to) },
    { header: 'admin.common.address', render: (r) => textOf(r.restore_to_address) },
  ],
  medical: [
    { header: 'admin.history.medicalTestDate', render: (r) => day(r.transfer_date) },
    { header: 'admin.history.medicalIssue', render: (r) => textOf(r.medical_issues) },
  ],
  education: [
    { header: 'admin.history.educationalDate', render: (r) => day(r.transfer_date) },
    {
      header: 'admin.history.education',
      render: (r, { label }) => label(codeLabel('education_type', textOf(r.education_type))),
    },
    { header: 'admin.history.educationLevel', render: (r) => textOf(r.education_level) },
  ],
  mhp: [
    { header: 'admin.common.date', render: (r) => day(r.transfer_date) },
    { header: 'admin.history.session', render: (r, { t }) => sessionOf(textOf(r.session_number), t) },
    { header: 'admin.history.mhp', render: (r) => textOf(r.mhp) },
    { header: 'admin.history.others', render: (r) => textOf(r.other) },
  ],
  sps: [
    { header: 'admin.common.date', render: (r) => day(r.transfer_date) },
    { header: 'admin.history.sps', render: (r) => textOf(r.social_protection_scheme) },
  ],
  followUps: [
    { header: 'admin.common.date', render: (r) => day(r.transfer_date) },
    {
      header: 'admin.actions.followUpMethod',
      render: (r, { label }) => label(codeLabel('restoration_method', textOf(r.restoration_method))),
    },
  ],
  centers: [{ header: 'admin.common.date', render: (r) => day(r.transfer_date ?? r.date) }],
  escortExit: [
    { header: 'admin.history.escortExitDate', render: (r) => day(r.transfer_date) },
    { header: 'admin.history.exitType', render: (r, { label }) => label(codeLabel('exit_type', textOf(r.exit_type))) },
    { header: 'admin.history.method', render: (r, { label }) => label(statusLabel(textOf(r.history_status))) },
    { header: 'admin.history.escortExitTo', render: (r) => textOf(r.restore_to ?? r.escort_exit_to) },
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
  const { t, label } = useT();
  return (
    <EntriesTable
      label={t('admin.history.tableOf', { title: label(title) })}
      rows={rows}
      columns={[...columns, ...trailing]}
      deletable={(row, i) => editing && allowed && i === 0 && !row._deleted}
      onDelete={removeWith('history', actionDeleted(title))}
      deleteTitle={label(title)}
    />
  );
}

export function ActivityLogTable({ child, editing }: { child: ChildKeys; editing: boolean }) {
  const rows = useChildActivity(child);
  const { canDelete } = useActionPermissions();
  const { label } = useT();
  return (
    <EntriesTable
      label={label('Activity Log')}
      rows={rows}
      columns={[{ header: 'admin.history.activity', render: (r) => textOf(r.activity) }, ...trailing]}
      deletable={(_, i) => editing && canDelete && i === 0}
      onDelete={removeWith('activityLogs', actionDeleted('Activity Log'))}
      deleteTitle={label('Activity Log')}
    />
  );
}

export function DocumentsTable({ child, editing }: { child: ChildKeys; editing: boolean }) {
  const rows = useChildDocuments(child);
  const { canDeleteDocument } = useActionPermissions();
  const { t, label } = useT();
  return (
    <EntriesTable
      label={label('Documents')}
      rows={rows}
      columns={[
        { header: 'admin.common.tagName', render: (r) => nameOf(r.tag_data) || textOf(r.tagId) },
        { header: 'admin.common.documentDate', render: (r) => day(r.doc_date) },
        { header: 'admin.common.file', render: (r) => textOf(r.filename) },
        ...trailing,
      ]}
      deletable={() => editing && canDeleteDocument}
      onDelete={removeWith('documents', messages.documentDeleted)}
      deleteTitle={t('admin.history.document')}
    />
  );
}
