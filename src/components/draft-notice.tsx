import { Alert, Button, Group, Text } from '@mantine/core';
import type { FormDraft } from '../lib/form-draft';

/** Says that a form holds what was typed earlier on this device, with the way to throw it away. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  if (!draft.restored) return null;
  return (
    <Alert color="blue" variant="light" data-testid="draft-notice" p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">What you typed earlier is back: it was kept on this device.</Text>
        <Button variant="default" size="compact-md" onClick={draft.discard}>
          Discard draft
        </Button>
      </Group>
    </Alert>
  );
}
