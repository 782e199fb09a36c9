import { useLiveQuery } from '../../../lib/use-live-query';
import {
  codeLabel,
  entityFieldOf,
  entityLabelOf,
  getChild,
  pendingEntries,
  review,
  type FieldSpec,
} from '../../../../sync';
import { showDate } from '../../../lib/dates';
import { useCenterNames } from '../../../lib/use-lookups';
import { textOf } from '../../../lib/i18n';
import { languageStore, translateLabel, type TextKey } from '../../../../sync/shell';

export const useReviewItems = () => useLiveQuery(() => review.items(), [], []);
export const usePendingEntries = () => useLiveQuery(() => pendingEntries(), [], []);

const opLabels: Record<string, TextKey> = {
  create: 'sync.op.create',
  update: 'sync.op.update',
  delete: 'sync.op.delete',
};

const labelNow = (english: string) => translateLabel(english, languageStore.getState().language);

/** How a queued change reads to a person, in the language shown: "Edit · Child Asha", "New · Meal". */
export function describeEntry(entity: string, op: string, row: Record<string, unknown> | null): string {
  const name = typeof row?.name === 'string' ? ` ${row.name}` : '';
  const opLabel = opLabels[op];
  return `${opLabel ? textOf(opLabel) : op} · ${labelNow(entityLabelOf(entity))}${name}`;
}

export const showValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && value.startsWith('local-file:')) return textOf('sync.review.localFile');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** Names of the records a review card's values point at: centers by id, children by id or cid. */
export type ReviewNames = { centers: ReadonlyMap<number, string>; children: ReadonlyMap<string, string> };

/**
 * A field's value as a person reads it: a center or child by its name, a date as dates are
 * shown, a choice by its option's label, a code through the contract's label table.
 */
export function showFieldValue(field: string, spec: FieldSpec, value: unknown, names: ReviewNames): string {
  if (value === null || value === undefined || value === '') return '—';
  if (spec.input === 'center') return names.centers.get(Number(value)) ?? showValue(value);
  if (spec.input === 'child') return names.children.get(String(value)) ?? showValue(value);
  if (spec.input === 'date') return showDate(value) || showValue(value);
  if (spec.input === 'choice')
    return labelNow(spec.options?.find((o) => o.value === String(value))?.label ?? codeLabel(field, showValue(value)));
  return showValue(value);
}

/**
 * Reads the values of `entity`'s fields in words: the centers the device holds, and the
 * children that the given records point at.
 */
export function useFieldReader(
  entity: string,
  records: ReadonlyArray<Record<string, unknown> | null | undefined>,
  op?: string,
) {
  const centers = useCenterNames();
  const childKeys = records.flatMap((record) =>
    Object.entries(record ?? {})
      .filter(([field, value]) => entityFieldOf(entity, field).input === 'child' && value != null && value !== '')
      .map(([, value]) => value as string | number),
  );
  const children = useLiveQuery(
    async () => {
      const found = await Promise.all(
        childKeys.map(async (key) => [String(key), (await getChild(key))?.name] as const),
      );
      return new Map(found.filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string'));
    },
    [childKeys.join('|')],
    new Map<string, string>(),
  );
  const names: ReviewNames = { centers, children };
  return (field: string, value: unknown) => showFieldValue(field, entityFieldOf(entity, field, op), value, names);
}
