import { useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Group, Paper, Select, Stack } from '@mantine/core';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { ALL_CENTERS_ID } from '../../sync';
import { showDate } from '../lib/dates';
import { useUser } from '../lib/use-store';
import { usePhoneLayout } from './data-table';
import { useT } from '../lib/i18n';

/** One active filter: what it reads, and how to drop it (a fixed filter, such as a bound user's center, has none). */
export type FilterChip = { key: string; label: string; onRemove?: () => void };

/** How each filter key of a list reads on its chip: its field's label and, optionally, its value in words. */
export type ChipLabels<K extends string> = Record<K, { label: string; value?: (raw: string) => string }>;

/** The chips of the filters set in `filter`, in the order of `labels`; dates read as the lists show them. */
export function filterChips<K extends string>(
  filter: Partial<Record<NoInfer<K>, string>>,
  labels: ChipLabels<K>,
  onRemove: (key: K) => void,
  fixed: readonly NoInfer<K>[] = [],
): FilterChip[] {
  return (Object.keys(labels) as K[])
    .filter((key) => filter[key])
    .map((key) => {
      const raw = filter[key]!;
      const { label, value } = labels[key];
      const shown = value ? value(raw) : /^\d{4}-\d{2}-\d{2}/.test(raw) ? showDate(raw) : raw;
      return { key, label: `${label}: ${shown}`, onRemove: fixed.includes(key) ? undefined : () => onRemove(key) };
    });
}

/**
 * The active filters as chips, so a filtered list says how; a tap on a chip drops its
 * filter (as the child list's chips do).
 */
export function FilterChips({ chips, onClearAll }: { chips: readonly FilterChip[]; onClearAll?: () => void }) {
  const removable = chips.filter((c) => c.onRemove);
  const { t } = useT();
  if (!removable.length) return null;
  return (
    <Group gap="xs" aria-label={t('childList.activeFilters')} role="group">
      {chips.map((chip) =>
        chip.onRemove ? (
          <Button
            key={chip.key}
            size="compact-md"
            mih={44}
            radius="xl"
            variant="light"
            rightSection={<IconX size={16} aria-hidden />}
            aria-label={t('childList.removeFilter', { label: chip.label })}
            onClick={chip.onRemove}
          >
            {chip.label}
          </Button>
        ) : (
          <Badge key={chip.key} size="xl" variant="light" color="gray" tt="none" fw={500}>
            {chip.label}
          </Badge>
        ),
      )}
      {removable.length > 1 && onClearAll && (
        <Button variant="subtle" size="compact-md" mih={44} onClick={onClearAll}>
          {t('childList.clearAll')}
        </Button>
      )}
    </Group>
  );
}

type Props = {
  chips: readonly FilterChip[];
  onClearAll?: () => void;
  /** The filter fields with their Search and Reset; `done` folds the panel away again on a phone. */
  children: (done: () => void) => ReactNode;
};

/**
 * A list's filter panel. From 576 px it stands above the list; on a phone it folds into a
 * Filters button that opens it, so the first row is on screen. The active filters show
 * as chips under it at every size.
 */
export function FilterPanel({ chips, onClearAll, children }: Props) {
  const phone = usePhoneLayout();
  const [opened, setOpened] = useState(false);
  const done = () => setOpened(false);
  const active = chips.length;
  const { t } = useT();
  return (
    <Stack gap="xs">
      {phone ? (
        <>
          <Group>
            <Button
              size="md"
              variant="default"
              leftSection={<IconFilter size={18} aria-hidden />}
              rightSection={
                active > 0 ? (
                  <Badge size="sm" circle aria-label={t('components.filters.active', { count: active })}>
                    {active}
                  </Badge>
                ) : null
              }
              onClick={() => setOpened(true)}
            >
              {t('childList.filters')}
            </Button>
          </Group>
          <Drawer
            opened={opened}
            onClose={done}
            position="bottom"
            size="auto"
            title={t('childList.filters')}
            padding="md"
            closeButtonProps={{ 'aria-label': t('components.filters.close') }}
          >
            {children(done)}
          </Drawer>
        </>
      ) : (
        <Paper withBorder p="sm">
          {children(done)}
        </Paper>
      )}
      <FilterChips chips={chips} onClearAll={onClearAll} />
    </Stack>
  );
}

/**
 * A filter's Search and Reset. Search runs `search` and, when it took (the dates are in
 * order), closes the phone's filter drawer (`done`); Reset clears the filter and closes it.
 */
export function SearchResetButtons({
  search,
  reset,
  done,
}: {
  search: () => boolean | undefined;
  reset: () => void;
  done: () => void;
}) {
  const { t } = useT();
  return (
    <>
      <Button size="md" leftSection={<IconSearch size={18} />} onClick={() => search() && done()}>
        {t('common.search')}
      </Button>
      <Button
        size="md"
        variant="default"
        onClick={() => {
          reset();
          done();
        }}
      >
        {t('common.reset')}
      </Button>
    </>
  );
}

/**
 * A list filter's center select. Read-only, showing the user's own center, unless the
 * user's centerId is 1 (spec part 2 section 2: "a center-bound user has it preset to their
 * center"; section 5).
 */
export function CenterFilterSelect({
  label,
  data,
  value,
  onChange,
}: {
  label?: string;
  data: readonly { value: string; label: string }[];
  value: string | null | undefined;
  onChange: (centerId: string) => void;
}) {
  const user = useUser();
  const bound = user.centerId !== ALL_CENTERS_ID;
  const { t } = useT();
  return (
    <Select
      label={label ?? t('components.filters.center')}
      size="md"
      data={data}
      value={bound ? String(user.centerId) : value || null}
      onChange={(v) => onChange(v ?? '')}
      readOnly={bound}
      clearable={!bound}
      w={220}
    />
  );
}
