import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconColumns, IconSearch, IconX } from '@tabler/icons-react';
import {
  canChooseCenter,
  caseTypes,
  genders,
  referredByOptions,
  sessionUserKey,
  statusLabel,
  type LocalChild,
} from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { showDate } from '../../../lib/dates';
import { useUser } from '../../../lib/use-store';
import { hideableColumns } from './child-columns';
import { childFilterKeys, childFilterLabel, type ChildFilterKey, type ChildFilterValues } from './child-filters-modal';
import { useT } from '../../../lib/i18n';

/** The search box: the list follows each keystroke (after a 150 ms pause, so a cheap tablet keeps up with typing). */
export function ChildSearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [sent, setSent] = useState(value);
  // The URL's value changed from outside (back, forward, a cleared filter): show it. What
  // this box sent itself is already shown, and may be behind what is typed since.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== sent) setText(value);
  }
  const send = useDebouncedCallback((next: string) => {
    setSent(next);
    onChange(next);
  }, 150);
  const { t } = useT();
  return (
    <TextInput
      size="md"
      label={t('childList.search')}
      placeholder={t('childList.searchHint')}
      leftSection={<IconSearch size={18} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
    />
  );
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** How a filter's value reads on its chip; `label` gives a contract label in the language shown. */
function chipValue(
  key: ChildFilterKey,
  value: string,
  centerNames: Map<number, string>,
  label: (english: string) => string,
): string {
  switch (key) {
    case 'centerId':
      return centerNames.get(Number(value)) ?? value;
    case 'gender':
      return label(labelOf(genders, value));
    case 'ReferredBy':
      return label(labelOf(referredByOptions, value));
    case 'case_type':
      return label(labelOf(caseTypes, value));
    case 'history_status':
      return label(statusLabel(value));
    case 'from_date':
    case 'to_date':
      return showDate(value);
    default:
      return value;
  }
}

type ChipsProps = {
  filter: ChildFilterValues;
  centerNames: Map<number, string>;
  onRemove: (key: ChildFilterKey) => void;
  onClear: () => void;
};

/**
 * One chip per active filter, so a filtered list says so; a tap on a chip removes its
 * filter. A center-bound user's own center is not a choice (part 1: the select is
 * read-only), so its chip is a plain label.
 */
export function ActiveFilterChips({ filter, centerNames, onRemove, onClear }: ChipsProps) {
  const user = useUser();
  const fixedCenter = !canChooseCenter(user.centerId);
  const active = childFilterKeys.filter((key) => filter[key]);
  const removable = active.filter((key) => !(key === 'centerId' && fixedCenter));
  const { t, label: labelOfContract } = useT();
  if (!removable.length) return null;
  return (
    <Group gap="xs" aria-label={t('childList.activeFilters')} role="group">
      {active.map((key) => {
        const fixed = key === 'centerId' && fixedCenter;
        const label = `${t(childFilterLabel(key))}: ${chipValue(key, filter[key]!, centerNames, labelOfContract)}`;
        return fixed ? (
          <Badge key={key} size="xl" variant="light" color="gray" tt="none" fw={500}>
            {label}
          </Badge>
        ) : (
          <Button
            key={key}
            size="compact-md"
            mih={44}
            radius="xl"
            variant="light"
            rightSection={<IconX size={16} aria-hidden />}
            aria-label={t('childList.removeFilter', { label })}
            onClick={() => onRemove(key)}
          >
            {label}
          </Button>
        );
      })}
      {removable.length > 1 && (
        <Button variant="subtle" size="compact-md" onClick={onClear}>
          {t('childList.clearAll')}
        </Button>
      )}
    </Group>
  );
}

const storageKey = (userId: string) => `ashray.childList.hiddenColumns.${userId}`;

/** The columns this user hid, remembered on this device per user (column keys only, nothing about a child). */
export function useHiddenColumns(): [Set<string>, (next: Set<string>) => void] {
  const user = useUser();
  const key = storageKey(sessionUserKey(user));
  const [hidden, setHidden] = useState<Set<string>>(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return new Set(Array.isArray(stored) ? stored.map(String) : []);
    } catch {
      return new Set();
    }
  });
  const change = (next: Set<string>) => {
    setHidden(next);
    try {
      localStorage.setItem(key, JSON.stringify([...next]));
    } catch {
      // Storage full or refused: the choice still holds until the page is left.
    }
  };
  return [hidden, change];
}

type ChooserProps = {
  columns: readonly DataColumn<LocalChild>[];
  hidden: Set<string>;
  onChange: (next: Set<string>) => void;
};

/** Columns: every column of the spec can be shown or hidden; the child's name and the actions always show. */
export function ColumnChooser({ columns, hidden, onChange }: ChooserProps) {
  const choices = hideableColumns(columns);
  const shown = choices.filter((c) => !hidden.has(c.key)).length;
  const { t } = useT();
  return (
    <Popover position="bottom-end" shadow="md" trapFocus hideDetached={false}>
      <Popover.Target>
        <Button size="md" variant="default" leftSection={<IconColumns size={18} aria-hidden />}>
          {t('childList.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('childList.columnsShown', { shown, all: choices.length })}
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => onChange(new Set())}>
              {t('childList.showAll')}
            </Button>
          </Group>
          {choices.map((c) => (
            <Checkbox
              key={c.key}
              size="md"
              label={c.header}
              checked={!hidden.has(c.key)}
              onChange={(e) => {
                const next = new Set(hidden);
                if (e.currentTarget.checked) next.delete(c.key);
                else next.add(c.key);
                onChange(next);
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
