import { statusLabel, type ExitListRow, type LocalBeneficiary } from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { NameCell } from '../../../components/row-actions';
import { showDate } from '../../../lib/dates';
import { BeneficiaryDocumentsCell } from './beneficiary-documents';

type Named = { name?: string } | null | undefined;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Registered beneficiaries: the child and its latest entry of the service. */
export const registeredColumns = (centerNames: Map<string, string>): DataColumn<ExitListRow>[] => [
  {
    key: 'name',
    header: 'Child Name',
    render: (r) => <NameCell name={r.child?.name ?? (r.child_data as Named)?.name} state={r._sync} />,
  },
  {
    key: 'uniqueId',
    header: 'SBT Unique ID',
    nowrap: true,
    render: (r) => text(r.child?.uniqueId ?? (r.child_data as { uniqueId?: string } | null)?.uniqueId),
  },
  {
    key: 'center',
    header: 'Center Name',
    render: (r) => (r.center_data as Named)?.name ?? centerNames.get(text(r.centerId ?? r.child?.centerdetailId)) ?? '',
  },
  { key: 'status', header: 'Status', render: (r) => statusLabel(r.history_status) },
  { key: 'date', header: 'Date', nowrap: true, render: (r) => showDate(r.transfer_date) },
  { key: 'comment', header: 'Comment', render: (r) => text(r.comment) },
];

/** Non-registered beneficiaries, with the row actions given. */
export const nonRegisteredColumns = (
  centerNames: Map<string, string>,
  actions: (b: LocalBeneficiary) => React.ReactNode,
): DataColumn<LocalBeneficiary>[] => [
  { key: 'name', header: 'Name', render: (b) => <NameCell name={b.name} state={b._sync} /> },
  { key: 'gender', header: 'Gender', render: (b) => text(b.gender) },
  { key: 'age', header: 'Age', render: (b) => text(b.age) },
  {
    key: 'center',
    header: 'Center Name',
    render: (b) => (b.center_data as Named)?.name ?? centerNames.get(text(b.centerId)) ?? '',
  },
  { key: 'date', header: 'Date', nowrap: true, render: (b) => showDate(b.service_date) },
  { key: 'comment', header: 'Comment', render: (b) => text(b.comment) },
  {
    key: 'documents',
    header: 'Documents',
    render: (b) => <BeneficiaryDocumentsCell beneficiary={b} name={text(b.name)} />,
  },
  { key: 'action', header: 'Action', render: actions },
];
