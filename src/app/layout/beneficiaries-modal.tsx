import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { beneficiaryListTypes, type BeneficiaryListType } from '../../../sync';
import { useUser } from '../../lib/use-store';

type Props = { target: { label: string; path: string } | null; onClose: () => void };

const labels: Record<BeneficiaryListType, string> = {
  registered: 'Registered Beneficiaries',
  'non-registered': 'Non-Registered Beneficiaries',
};

/**
 * What each choice holds, in words (spec part 2, section 1: the service's child list, or
 * the people it served without a registration; README "Non-registered beneficiaries").
 */
export const beneficiaryTypeDescriptions: Record<BeneficiaryListType, string> = {
  registered: 'Children in the Child Registration List who were given this service.',
  'non-registered':
    'People given this service without a child registration, such as at a medical camp or school drive.',
};

/** 'Select Beneficiaries Type': opened by modal-type sidebar children, navigates to the choice. */
export function BeneficiariesModal({ target, onClose }: Props) {
  const navigate = useNavigate();
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
    <Modal opened={target !== null} onClose={onClose} title="Select Beneficiaries Type" centered>
      <Radio.Group value={choice} onChange={setChoice} name="beneficiaries-type">
        <Stack gap="sm">
          {choices.map((c) => (
            <Radio
              key={c}
              value={c}
              label={labels[c]}
              description={<span id={`beneficiaries-type-${c}`}>{beneficiaryTypeDescriptions[c]}</span>}
              aria-describedby={`beneficiaries-type-${c}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={go}>Submit</Button>
      </Group>
    </Modal>
  );
}
