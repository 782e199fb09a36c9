import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';

type Props = { target: { label: string; path: string } | null; onClose: () => void };

const choices = [
  { value: 'registered', label: 'Registered Beneficiaries' },
  { value: 'non-registered', label: 'Non-Registered Beneficiaries' },
];

/** 'Select Beneficiaries Type': opened by modal-type sidebar children, navigates to the choice. */
export function BeneficiariesModal({ target, onClose }: Props) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState('registered');
  const go = () => {
    if (!target) return;
    navigate(`${target.path}?type=${choice}`);
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title="Select Beneficiaries Type" centered>
      <Radio.Group value={choice} onChange={setChoice} name="beneficiaries-type">
        <Stack gap="sm">
          {choices.map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} />
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
