import { Alert, Button, Group, Text } from '@mantine/core';
import type { FormDraft } from '../lib/form-draft';
import { useT } from '../lib/i18n';

/** Says that a form holds what was typed earlier on this device, with the way to throw it away. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  const { t } = useT();
  if (!draft.restored) return null;
  return (
    <Alert color="blue" variant="light" data-testid="draft-notice" p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{t('draft.back')}</Text>
        <Button variant="default" size="compact-md" onClick={draft.discard}>
          {t('draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
