import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { messages } from '../../sync/shell';
import { useT } from '../lib/i18n';
import { toast } from './toast';

type Props = ButtonProps & {
  label: ReactNode;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  /** Asked when the button is pressed: a reason the action cannot be done, shown instead of the question. */
  refusal?: () => Promise<string | null>;
};

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({ label, title, question, confirmLabel, onConfirm, refusal, ...buttonProps }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const { t } = useT();
  const ask = async () => {
    setRefused((await refusal?.()) ?? null);
    setOpen(true);
  };
  // A failure on this device (a storage error under the write) says so and frees the dialog;
  // before, it left the dialog spinning with no word said.
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      console.error('[ashray] confirmed action failed', error);
      toast.error(messages.somethingWentWrong);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => void ask()}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Text size="sm">{refused ?? question}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            {refused ? t('components.confirm.ok') : t('common.cancel')}
          </Button>
          {!refused && (
            <Button color="red" loading={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Modal>
    </>
  );
}

/** The text "Delete" of a table row, asked first with `question` under `title`. */
export function DeleteButton({
  title,
  question,
  onConfirm,
}: {
  title: string;
  question: string;
  onConfirm: () => Promise<void> | void;
}) {
  const { t } = useT();
  return (
    <ConfirmButton
      label={t('components.confirm.delete')}
      variant="subtle"
      color="red"
      size="compact-sm"
      title={title}
      question={question}
      confirmLabel={t('components.confirm.delete')}
      onConfirm={onConfirm}
    />
  );
}
