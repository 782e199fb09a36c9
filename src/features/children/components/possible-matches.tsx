import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  ARRIVAL_WINDOW_DAYS,
  likelyDuplicates,
  type LikelyMatch,
  type MatchReason,
  type NewChildDetails,
} from '../../../../sync';
import { childProfileHref } from '../../../lib/child-links';
import { showDate } from '../../../lib/dates';
import { useCenters } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

export type DuplicateCheck = {
  /** The children that look like the one being added, while the user decides; null otherwise. */
  matches: LikelyMatch[] | null;
  /** True when saving may go on: nothing alike on the device that the user has not already set aside. */
  check: (details: NewChildDetails) => Promise<boolean>;
  /** The user says it is another child: the children shown are not asked about again. */
  confirmNew: () => void;
  dismiss: () => void;
};

/**
 * Before a new child is saved, the children already on the device with a similar name,
 * the same gender and the same center, arrival or birth date are shown, so the user can
 * open the existing child instead of registering the same child twice.
 */
export function useDuplicateCheck(): DuplicateCheck {
  const [matches, setMatches] = useState<LikelyMatch[] | null>(null);
  const setAside = useRef(new Set<string>());
  const shown = useRef<LikelyMatch[]>([]);
  const check = useCallback(async (details: NewChildDetails) => {
    const found = (await likelyDuplicates(details)).filter((m) => !setAside.current.has(m.child.cid));
    shown.current = found;
    if (!found.length) return true;
    setMatches(found);
    return false;
  }, []);
  const confirmNew = useCallback(() => {
    for (const m of shown.current) setAside.current.add(m.child.cid);
    shown.current = [];
    setMatches(null);
  }, []);
  const dismiss = useCallback(() => setMatches(null), []);
  return { matches, check, confirmNew, dismiss };
}

/** The likely matches, each with a way to open it, and the way on as a new child. */
export function PossibleMatches({
  check,
  newLabel,
  onOpen,
  onNew,
}: {
  check: DuplicateCheck;
  /** The button that goes on as a new child: 'Save as a new child', 'Continue as a new child'. */
  newLabel: string;
  onOpen?: () => void;
  onNew: () => void;
}) {
  const centers = useCenters();
  const { t } = useT();
  if (!check.matches) return null;
  const reasonWords: Record<MatchReason, string> = {
    center: t('children.matches.center'),
    arrival: t('children.matches.arrival', { days: ARRIVAL_WINDOW_DAYS }),
    dob: t('children.matches.dob'),
  };
  const centerName = (id: unknown) => centers.find((c) => c.id === Number(id))?.name ?? '';
  return (
    <Alert color="yellow" variant="light" title={t('children.matches.title')} data-testid="possible-matches">
      <Stack gap="xs">
        <Text size="sm">{t('children.matches.body')}</Text>
        {check.matches.map(({ child, reasons }) => (
          <Group key={child.cid} justify="space-between" wrap="nowrap" gap="xs" data-testid="possible-match">
            <div>
              <Text fw={600} size="sm">
                {String(child.name ?? '')}
                {child.uniqueId ? ` · ${String(child.uniqueId)}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  centerName(child.centerdetailId),
                  child.dateofarrival ? t('children.matches.arrived', { date: showDate(child.dateofarrival) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {` — ${reasons.map((r) => reasonWords[r]).join(', ')}`}
              </Text>
            </div>
            <Button
              component={Link}
              to={childProfileHref(child)}
              onClick={onOpen}
              variant="default"
              size="sm"
              aria-label={
                child.name
                  ? t('children.matches.openNamed', { name: String(child.name) })
                  : t('children.matches.openUnnamed')
              }
            >
              {t('children.matches.open')}
            </Button>
          </Group>
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="sm" onClick={check.dismiss}>
            {t('children.matches.goBack')}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              check.confirmNew();
              onNew();
            }}
          >
            {newLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
