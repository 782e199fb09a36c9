import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

/** A dialog form's Cancel and its submit button (Save, Update, Submit…), busy while saving. */
export function FormActions({ label, busy, onCancel }: { label: ReactNode; busy: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" size="md" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="md" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
