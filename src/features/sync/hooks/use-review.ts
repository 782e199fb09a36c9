import { useLiveQuery } from 'dexie-react-hooks';
import { codeLabel, pendingEntries, review } from '../../../../sync';

export const useReviewItems = () => useLiveQuery(() => review.items(), [], []);
export const usePendingEntries = () => useLiveQuery(() => pendingEntries(), [], []);

const entityLabels: Record<string, string> = {
  children: 'Child',
  history: 'History entry',
  bulkUpdates: 'Bulk update',
  beneficiaries: 'Beneficiary',
  beneficiaryDocuments: "Beneficiary's document",
};
const opLabels: Record<string, string> = { create: 'New', update: 'Edit', delete: 'Delete' };

/** How a queued change reads to a person: "Edit of Child Asha". */
export function describeEntry(entity: string, op: string, row: Record<string, unknown> | null): string {
  const name = typeof row?.name === 'string' ? ` ${row.name}` : '';
  return `${opLabels[op] ?? op} · ${entityLabels[entity] ?? entity}${name}`;
}

export const showValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && value.startsWith('local-file:')) return 'file (on this device)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** A field's value as a person reads it: coded values through the contract's label table. */
export const showFieldValue = (field: string, value: unknown): string =>
  typeof value === 'string' && value !== '' ? codeLabel(field, showValue(value)) : showValue(value);
