import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  messages,
  permissionActions,
  permissionModuleNames,
  permissionModules,
  type LocalRole,
  type PermissionAction,
  type PermissionModule,
  type RolePermissions,
} from '../../../../sync';
import { toast } from '../../../components/toast';
import { useUnsavedGuard } from '../../../lib/unsaved-forms';
import { permissionGrid, savePermissions } from '../hooks/save-role';
import { useT } from '../../../lib/i18n';

/** Set Permission: every module and action of section 6 as checkboxes. */
export function PermissionModal({ role, onClose }: { role: LocalRole; onClose: () => void }) {
  const [grid, setGrid] = useState<RolePermissions>(() => permissionGrid(role.permissions));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useUnsavedGuard(dirty && !busy);
  const { t } = useT();
  const moduleLabel = (module: PermissionModule) => t(`admin.permissions.module.${module}`);
  const actionLabel = (action: PermissionAction) => t(`admin.permissions.action.${action}`);

  const toggle = (module: PermissionModule, action: PermissionAction, on: boolean) => {
    const actions: readonly PermissionAction[] = permissionModules[module];
    const block = { ...grid[module] };
    if (action === 'all') for (const a of actions) block[a] = on ? 1 : 0;
    else {
      block[action] = on ? 1 : 0;
      if (actions.includes('all')) block.all = actions.filter((a) => a !== 'all').every((a) => block[a] === 1) ? 1 : 0;
    }
    setGrid({ ...grid, [module]: block });
    setDirty(true);
  };

  const save = async () => {
    setBusy(true);
    const outcome = await savePermissions(role.cid, grid);
    setBusy(false);
    if (!outcome.ok) return void (outcome.info ? toast.info(outcome.message) : toast.error(outcome.message));
    toast.success(messages.permissionsUpdated);
    setDirty(false);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('admin.permissions.title', { name: role.name ?? '' })} size="xl">
      <Stack>
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder verticalSpacing="sm" aria-label={t('admin.permissions.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.permissions.module')}</Table.Th>
                {permissionActions.map((a) => (
                  <Table.Th key={a}>{actionLabel(a)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {permissionModuleNames.map((module) => {
                const actions: readonly PermissionAction[] = permissionModules[module];
                return (
                  <Table.Tr key={module}>
                    <Table.Td>
                      <Text size="sm">{moduleLabel(module)}</Text>
                    </Table.Td>
                    {permissionActions.map((action) => (
                      <Table.Td key={action}>
                        {actions.includes(action) && (
                          <Checkbox
                            size="md"
                            aria-label={`${moduleLabel(module)} ${actionLabel(action)}`}
                            checked={grid[module]?.[action] === 1}
                            onChange={(e) => toggle(module, action, e.currentTarget.checked)}
                          />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button size="md" loading={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
