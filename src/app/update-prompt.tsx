import { Button, Group, Notification, Text } from '@mantine/core';
import { useAppUpdate } from './register-worker';
import { useUnsavedForms } from '../lib/unsaved-forms';

/** Offers the new version; while a form has unsaved input it waits instead of reloading. */
export function UpdatePrompt() {
  const { waiting, activate } = useAppUpdate();
  const unsaved = useUnsavedForms((s) => s.dirty.size > 0);
  if (!waiting) return null;
  return (
    <Notification
      withCloseButton={false}
      title="A new version of Ashray is ready"
      style={{ position: 'fixed', bottom: 56, right: 16, zIndex: 300, maxWidth: 360 }}
      data-testid="update-prompt"
    >
      <Text size="sm">
        {unsaved
          ? 'Save or close the open form first; the update waits for it.'
          : 'Update now to get the latest fixes.'}
      </Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" disabled={unsaved} onClick={activate}>
          Update now
        </Button>
      </Group>
    </Notification>
  );
}
