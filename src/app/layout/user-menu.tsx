import { useState } from 'react';
import { Avatar, Button, Group, Menu, Modal, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconCheck,
  IconDeviceMobile,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconLanguage,
  IconLogout,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { signOut } from '../../../sync';
import { languageNames, languages, languageStore } from '../../../sync/shell';
import { useT } from '../../lib/i18n';
import { useUser } from '../../lib/use-store';
import { toast } from '../../components/toast';
import { onlyViewStore } from '../../lib/only-view';
import { installApp, installStore } from '../install-prompt';
import { DevicePanel } from './device-panel';
import { useStore } from 'zustand';

/** The user menu with Logout; unsynced work is never deleted and is asked about first. */
export function UserMenu() {
  const user = useUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState(0);
  const [accesses, setAccesses] = useState(0);
  const [busy, setBusy] = useState(false);
  const [deviceOpen, setDeviceOpen] = useState(false);
  const installOffer = useStore(installStore, (s) => s.offer);
  const { onlyView, setOnlyView } = onlyViewStore();
  const { language, setLanguage } = useStore(languageStore);
  const { t } = useT();

  const logout = async (force = false) => {
    setBusy(true);
    const result = await signOut({ force });
    setBusy(false);
    if (result.ok) {
      setPending(0);
      setAccesses(0);
      navigate('/login', { replace: true });
    } else if ('pending' in result) {
      setPending(result.pending);
      setAccesses(result.accesses);
    } else {
      toast.error(result.message);
    }
  };

  const stay = () => {
    setPending(0);
    setAccesses(0);
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <UnstyledButton miw={44} mih={44} data-testid="user-menu">
            {/* Named by what it shows (WCAG label in name), after what it is. */}
            <VisuallyHidden>{t('userMenu.name')}</VisuallyHidden>
            <Group gap={8} wrap="nowrap">
              <Avatar radius="xl" size={36} color="blue" mx={4}>
                {user.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="md" lineClamp={1}>
                {user.name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.role.name}</Menu.Label>
          <Menu.Item leftSection={<IconDeviceMobile size={16} />} onClick={() => setDeviceOpen(true)}>
            {t('userMenu.device')}
          </Menu.Item>
          {/* The hide-action mode (spec part 1, section 6); its name says what a tap does. */}
          <Menu.Item
            leftSection={onlyView ? <IconEye size={16} /> : <IconEyeOff size={16} />}
            onClick={() => setOnlyView(!onlyView)}
          >
            {onlyView ? t('userMenu.showActions') : t('userMenu.hideActions')}
          </Menu.Item>
          {installOffer && (
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void installApp()}>
              {t('userMenu.install')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Label>
            <IconLanguage size={14} aria-hidden /> {t('common.language')}
          </Menu.Label>
          {languages.map((code) => (
            <Menu.Item
              key={code}
              lang={code}
              leftSection={code === language ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
              aria-current={code === language ? 'true' : undefined}
              onClick={() => setLanguage(code)}
            >
              {languageNames[code]}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            {t('userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={pending + accesses > 0} onClose={stay} title={t('userMenu.unsynced')} centered>
        <Text size="sm">
          {pending > 0
            ? t(pending === 1 ? 'userMenu.pending_one' : 'userMenu.pending_other', { count: pending })
            : t(accesses === 1 ? 'userMenu.accesses_one' : 'userMenu.accesses_other', { count: accesses })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={stay}>
            {t('userMenu.stay')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void logout(true)}>
            {t('userMenu.logoutAnyway')}
          </Button>
        </Group>
      </Modal>
      <DevicePanel opened={deviceOpen} onClose={() => setDeviceOpen(false)} />
    </>
  );
}
