import { Button, Group, Notification, Text } from '@mantine/core';
import { useAppUpdate } from './register-worker';
import { useUnsavedForms } from '../lib/unsaved-forms';
import { useT } from '../lib/i18n';

/** Offers the new version; while a form has unsaved input it waits instead of reloading. */
export function UpdatePrompt() {
  const { waiting, activate } = useAppUpdate();
  const unsaved = useUnsavedForms((s) => s.dirty.size > 0);
  const { t } = useT();
  if (!waiting) return null;
  return (
    <Notification
      withCloseButton={false}
      title={t('app.update.title')}
      style={{ position: 'fixed', bottom: 56, right: 16, zIndex: 300, maxWidth: 360 }}
      data-testid="update-prompt"
    >
      <Text size="sm">{unsaved ? t('app.update.waits') : t('app.update.hint')}</Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" disabled={unsaved} onClick={activate}>
          {t('app.update.now')}
        </Button>
      </Group>
    </Notification>
  );
}
