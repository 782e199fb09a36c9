import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { useT } from '../lib/i18n';

/** A dialog form's Cancel and its submit button (Save, Update, Submit…), busy while saving. */
export function FormActions({ label, busy, onCancel }: { label: ReactNode; busy: boolean; onCancel: () => void }) {
  const { t } = useT();
  return (
    <Group justify="flex-end">
      <Button variant="default" size="md" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" size="md" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
