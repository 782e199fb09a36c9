import { Anchor, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from '../../lib/use-live-query';
import { Link } from 'react-router';
import { useStore } from 'zustand';
import { deviceInventory, lastSyncedAt, PHOTO_BUDGET_BYTES, syncStatusStore } from '../../../sync';
import { showTimeAgo } from '../../lib/dates';
import { showBytes } from '../../lib/words';
import { useT } from '../../lib/i18n';
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
  const { t, number } = useT();

  const keep = async () => {
    await navigator.storage?.persist?.();
    // The answer shows at the next read; the panel reads again when reopened.
    onClose();
  };

  const rows: [string, string][] = inventory
    ? [
        [t('app.device.children'), number(inventory.children)],
        [t('app.device.records'), number(inventory.records)],
        [t('app.device.photos'), number(inventory.photos)],
        [t('app.device.queued'), number(inventory.queued)],
        [t('app.device.needsDecision'), number(inventory.needsDecision)],
        [t('app.device.drafts'), number(inventory.drafts)],
        [t('app.device.lastSync'), lastAt ? showTimeAgo(lastAt) : t('sync.notYet')],
      ]
    : [];
  const used = inventory?.storage;
  return (
    <Modal opened={opened} onClose={onClose} title={t('userMenu.device')} centered size="md">
      {inventory && (
        <Stack data-testid="device-panel">
          <Table verticalSpacing={6} aria-label={t('app.device.holds')}>
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
              {t('app.device.openSync')}
            </Anchor>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('app.device.storage')}
            </Text>
            {used ? (
              <>
                <Progress
                  value={used.quota ? Math.min(100, (used.usage / used.quota) * 100) : 0}
                  aria-label={t('app.device.storageUsed')}
                />
                <Text size="sm" data-testid="device-storage">
                  {t('app.device.usedLeft', {
                    used: showBytes(used.usage),
                    left: showBytes(Math.max(0, used.quota - used.usage)),
                  })}
                </Text>
              </>
            ) : (
              <Text size="sm">{t('app.device.noEstimate')}</Text>
            )}
            <Text size="sm" data-testid="device-photo-budget">
              {t('app.device.photoBudget', { size: showBytes(PHOTO_BUDGET_BYTES) })}
            </Text>
            <Text size="sm" data-testid="device-persisted">
              {inventory.persisted === true
                ? t('app.device.persisted')
                : inventory.persisted === false
                  ? t('app.device.notPersisted')
                  : t('app.device.persistUnknown')}
            </Text>
            {inventory.persisted === false && (
              <Group>
                <Button size="sm" variant="default" onClick={() => void keep()}>
                  {t('app.device.keep')}
                </Button>
              </Group>
            )}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('app.device.app')}
            </Text>
            {installed ? (
              <Text size="sm">{t('app.device.installed')}</Text>
            ) : offer ? (
              <Group>
                <Button size="sm" onClick={() => void installApp()}>
                  {t('app.device.install')}
                </Button>
              </Group>
            ) : (
              <Text size="sm">{t('app.device.notInstalled')}</Text>
            )}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
