import { exitListColumnLabels, statusLabel, type ExitListColumn, type ExitListRow } from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { GoToChildAction, NameCell, RowActions } from '../../../components/row-actions';
import { showDate, showDateTime } from '../../../lib/dates';
import { textOf } from '../../../lib/i18n';
import { languageStore, translateLabel, type TextKey } from '../../../../sync/shell';

/** The words of the columns in the language shown: `useT()`'s, or the device's language outside React. */
type Words = { t: (key: TextKey) => string; label: (english: string) => string };
const deviceWords: Words = {
  t: (key) => textOf(key),
  label: (english) => translateLabel(english, languageStore.getState().language),
};

type Named = { name?: string } | null | undefined;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The cell of each column of an exit list (headings from the contract's label table). */
function cellOf(
  column: ExitListColumn,
  centerNames: Map<number, string>,
  label: Words['label'],
): (row: ExitListRow) => React.ReactNode {
  const child = (r: ExitListRow) =>
    (r.child ?? (r.child_data as ExitListRow['child']) ?? {}) as Record<string, unknown>;
  switch (column) {
    case 'child_name':
      return (r) => <NameCell name={child(r).name} state={r._sync} />;
    case 'uniqueId':
    case 'aadharno':
    case 'cwccaseno':
      return (r) => text(child(r)[column]);
    case 'center':
      return (r) =>
        (r.center_data as Named)?.name ?? centerNames.get(Number(r.centerId ?? child(r).centerdetailId)) ?? '';
    case 'history_status':
      return (r) => label(statusLabel(r.history_status));
    case 'exit_type':
      return (r) => text(r.exit_type);
    case 'transfer_date':
      return (r) => showDate(r.transfer_date);
    case 'recorded_by':
      return (r) => (r.user_data_history as Named)?.name ?? '';
    case 'created_at':
    case 'updated_at':
      return (r) => showDateTime(r[column]);
    case 'short_stay':
      return (r) => text(child(r).short_stay);
    case 'dateofarrival':
      return (r) => showDate(child(r).dateofarrival);
  }
}

const noWrap: ExitListColumn[] = ['transfer_date', 'created_at', 'updated_at', 'dateofarrival', 'uniqueId'];
// On a phone's card: who, where, what and when; the ids and stamps stay in the table and the profile.
const offCard: ExitListColumn[] = ['aadharno', 'cwccaseno', 'recorded_by', 'created_at', 'updated_at'];

export function exitColumns(
  columns: readonly ExitListColumn[],
  centerNames: Map<number, string>,
  { t, label }: Words = deviceWords,
): DataColumn<ExitListRow>[] {
  const shown: DataColumn<ExitListRow>[] = columns.map((column) => ({
    key: column,
    header: label(exitListColumnLabels[column]),
    render: cellOf(column, centerNames, label),
    nowrap: noWrap.includes(column),
    card: column === 'child_name' ? 'title' : offCard.includes(column) ? 'hidden' : undefined,
  }));
  // The lists only read: their one row action is go-to, the child's profile.
  const action: DataColumn<ExitListRow> = {
    key: 'action',
    header: t('column.action'),
    card: 'actions',
    render: (r) => {
      const child = (r.child ?? null) as { id?: unknown; cid?: string; name?: unknown } | null;
      const cid = child?.cid ?? (typeof r.childregId === 'string' ? r.childregId : undefined);
      const id = typeof child?.id === 'number' ? child.id : typeof r.childregId === 'number' ? r.childregId : undefined;
      if (id === undefined && cid === undefined) return null;
      return (
        <RowActions>
          <GoToChildAction child={{ id, cid: cid ?? String(id), name: child?.name }} />
        </RowActions>
      );
    },
  };
  return [...shown, action];
}
