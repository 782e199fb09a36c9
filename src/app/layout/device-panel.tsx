import { Anchor, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import { deviceInventory, lastSyncedAt, PHOTO_BUDGET_BYTES, syncStatusStore } from '../../../sync';
import { showTimeAgo } from '../../lib/dates';
import { showBytes } from '../../lib/words';
import { installApp, installStore } from '../install-prompt';

/**
 * 'On this device' (from the user menu): what the device holds for offline work, what
 * waits to be sent, the storage used and left, whether the browser keeps it, the last
 * sync, and the way to install the app.
 */
export function DevicePanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const inventory = useLiveQuery(() => (opened ? deviceInventory() : null), [opened], null);
  const saved = useLiveQuery(() => lastSyncedAt(), [], null);
  const live = useStore(syncStatusStore, (s) => s.lastSyncAt);
  const { offer, installed } = useStore(installStore);
  const lastAt = live ?? saved;

  const keep = async () => {
    await navigator.storage?.persist?.();
    // The answer shows at the next read; the panel reads again when reopened.
    onClose();
  };

  const rows: [string, string][] = inventory
    ? [
        ['Children', String(inventory.children)],
        ['Records kept for offline work', String(inventory.records)],
        ['Photos kept for offline work', String(inventory.photos)],
        ['Changes not yet sent', String(inventory.queued)],
        ['Changes waiting for your decision', String(inventory.needsDecision)],
        ['Forms with a draft', String(inventory.drafts)],
        ['Last sync', lastAt ? showTimeAgo(lastAt) : 'Not synced yet'],
      ]
    : [];
  const used = inventory?.storage;
  return (
    <Modal opened={opened} onClose={onClose} title="On this device" centered size="md">
      {inventory && (
        <Stack data-testid="device-panel">
          <Table verticalSpacing={6} aria-label="What this device holds">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th fw={500} scope="row">
                    {label}
                  </Table.Th>
                  <Table.Td ta="right">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {inventory.queued + inventory.needsDecision > 0 && (
            <Anchor component={Link} to="/sync" onClick={onClose} size="sm">
              Open the Sync page
            </Anchor>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Storage
            </Text>
            {used ? (
              <>
                <Progress
                  value={used.quota ? Math.min(100, (used.usage / used.quota) * 100) : 0}
                  aria-label="Storage used"
                />
                <Text size="sm" data-testid="device-storage">
                  {showBytes(used.usage)} used, {showBytes(Math.max(0, used.quota - used.usage))} left
                </Text>
              </>
            ) : (
              <Text size="sm">This browser does not say how much space is used.</Text>
            )}
            <Text size="sm" data-testid="device-photo-budget">
              Photos of every child are kept for offline work while the app uses less than{' '}
              {showBytes(PHOTO_BUDGET_BYTES)}.
            </Text>
            <Text size="sm" data-testid="device-persisted">
              {inventory.persisted === true
                ? 'The browser keeps this data when space runs low.'
                : inventory.persisted === false
                  ? 'The browser may clear this data when space runs low. Install the app or allow it to keep the data.'
                  : 'This browser does not say whether it keeps this data.'}
            </Text>
            {inventory.persisted === false && (
              <Group>
                <Button size="sm" variant="default" onClick={() => void keep()}>
                  Ask the browser to keep it
                </Button>
              </Group>
            )}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              App
            </Text>
            {installed ? (
              <Text size="sm">Installed on this device.</Text>
            ) : offer ? (
              <Group>
                <Button size="sm" onClick={() => void installApp()}>
                  Install Ashray on this device
                </Button>
              </Group>
            ) : (
              <Text size="sm">
                Not installed. To install, use the browser menu (Install app, or Add to Home screen).
              </Text>
            )}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
