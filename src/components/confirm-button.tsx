import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';

type Props = ButtonProps & {
  label: ReactNode;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
};

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({ label, title, question, confirmLabel, onConfirm, ...buttonProps }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
    setOpen(false);
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Text size="sm">{question}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
