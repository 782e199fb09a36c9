import { statusLabel, type ExitListRow, type LocalBeneficiary } from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { NameCell } from '../../../components/row-actions';
import { showDate } from '../../../lib/dates';
import { BeneficiaryDocumentsCell } from './beneficiary-documents';
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

/** Registered beneficiaries: the child and its latest entry of the service. */
export const registeredColumns = (
  centerNames: Map<string, string>,
  { t, label }: Words = deviceWords,
): DataColumn<ExitListRow>[] => [
  {
    key: 'name',
    header: t('column.name'),
    render: (r) => <NameCell name={r.child?.name ?? (r.child_data as Named)?.name} state={r._sync} />,
  },
  {
    key: 'uniqueId',
    header: t('column.uniqueId'),
    nowrap: true,
    render: (r) => text(r.child?.uniqueId ?? (r.child_data as { uniqueId?: string } | null)?.uniqueId),
  },
  {
    key: 'center',
    header: t('column.center'),
    render: (r) => (r.center_data as Named)?.name ?? centerNames.get(text(r.centerId ?? r.child?.centerdetailId)) ?? '',
  },
  { key: 'status', header: t('admin.common.status'), render: (r) => label(statusLabel(r.history_status)) },
  { key: 'date', header: t('admin.common.date'), nowrap: true, render: (r) => showDate(r.transfer_date) },
  { key: 'comment', header: t('column.comment'), render: (r) => text(r.comment) },
];

/** Non-registered beneficiaries, with the row actions given. */
export const nonRegisteredColumns = (
  centerNames: Map<string, string>,
  actions: (b: LocalBeneficiary) => React.ReactNode,
  { t, label }: Words = deviceWords,
): DataColumn<LocalBeneficiary>[] => [
  { key: 'name', header: t('admin.common.name'), render: (b) => <NameCell name={b.name} state={b._sync} /> },
  { key: 'gender', header: t('column.gender'), render: (b) => label(text(b.gender)) },
  { key: 'age', header: t('column.age'), render: (b) => text(b.age) },
  {
    key: 'center',
    header: t('column.center'),
    render: (b) => (b.center_data as Named)?.name ?? centerNames.get(text(b.centerId)) ?? '',
  },
  { key: 'date', header: t('admin.common.date'), nowrap: true, render: (b) => showDate(b.service_date) },
  { key: 'comment', header: t('column.comment'), render: (b) => text(b.comment) },
  {
    key: 'documents',
    header: t('admin.common.documents'),
    render: (b) => <BeneficiaryDocumentsCell beneficiary={b} name={text(b.name)} />,
  },
  { key: 'action', header: t('column.action'), render: actions },
];
