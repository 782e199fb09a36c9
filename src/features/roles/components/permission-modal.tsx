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

const moduleLabels: Record<PermissionModule, string> = {
  child_tracking: 'Child Tracking',
  child_registration: 'Child Registration',
  cwc: 'CWC',
  meal_type: 'Meal Type',
  exit_restore: 'Exit / Restore',
  child_document: 'Child Document',
  sps: 'Social Protection Scheme',
};
const actionLabels: Record<PermissionAction, string> = {
  all: 'All',
  create: 'Create',
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
};

/** Set Permission: every module and action of section 6 as checkboxes. */
export function PermissionModal({ role, onClose }: { role: LocalRole; onClose: () => void }) {
  const [grid, setGrid] = useState<RolePermissions>(() => permissionGrid(role.permissions));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useUnsavedGuard(dirty && !busy);

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
    <Modal opened onClose={onClose} title={`Set Permission: ${role.name ?? ''}`} size="xl">
      <Stack>
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder verticalSpacing="sm" aria-label="Permissions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                {permissionActions.map((a) => (
                  <Table.Th key={a}>{actionLabels[a]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {permissionModuleNames.map((module) => {
                const actions: readonly PermissionAction[] = permissionModules[module];
                return (
                  <Table.Tr key={module}>
                    <Table.Td>
                      <Text size="sm">{moduleLabels[module]}</Text>
                    </Table.Td>
                    {permissionActions.map((action) => (
                      <Table.Td key={action}>
                        {actions.includes(action) && (
                          <Checkbox
                            size="md"
                            aria-label={`${moduleLabels[module]} ${actionLabels[action]}`}
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
            Cancel
          </Button>
          <Button size="md" loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
