import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { beneficiaryListTypes, type BeneficiaryListType } from '../../../sync';
import { useUser } from '../../lib/use-store';
import { useT } from '../../lib/i18n';
import type { TextKey } from '../../../sync/shell';

type Props = { target: { label: string; path: string } | null; onClose: () => void };

const labels: Record<BeneficiaryListType, TextKey> = {
  registered: 'app.beneficiaries.registered',
  'non-registered': 'app.beneficiaries.nonRegistered',
};

/**
 * What each choice holds, in words (spec part 2, section 1: the service's child list, or
 * the people it served without a registration; README "Non-registered beneficiaries").
 */
const descriptions: Record<BeneficiaryListType, TextKey> = {
  registered: 'app.beneficiaries.registeredHint',
  'non-registered': 'app.beneficiaries.nonRegisteredHint',
};

/** 'Select Beneficiaries Type': opened by modal-type sidebar children, navigates to the choice. */
export function BeneficiariesModal({ target, onClose }: Props) {
  const navigate = useNavigate();
  const { t } = useT();
  const user = useUser();
  // Only the types the role may read (sync/SPEC.md R21); the sidebar hides a service with none.
  const choices = target ? beneficiaryListTypes(user, target.path) : [];
  const [picked, setChoice] = useState<string>('registered');
  const choice = choices.find((c) => c === picked) ?? choices[0];
  const go = () => {
    if (!target || !choice) return;
    navigate(`${target.path}?type=${choice}`);
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('app.beneficiaries.title')} centered>
      <Radio.Group value={choice} onChange={setChoice} name="beneficiaries-type">
        <Stack gap="sm">
          {choices.map((c) => (
            <Radio
              key={c}
              value={c}
              label={t(labels[c])}
              description={<span id={`beneficiaries-type-${c}`}>{t(descriptions[c])}</span>}
              aria-describedby={`beneficiaries-type-${c}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={go}>{t('app.beneficiaries.submit')}</Button>
      </Group>
    </Modal>
  );
}
