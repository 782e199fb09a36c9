import { useEffect } from 'react';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { documentTitleOf, titleOf } from '../../routes/route-table';
import { AppSidebar } from './app-sidebar';
import { AppFooter } from './app-footer';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import { SyncIndicator } from './sync-indicator';
import { useShellRefresh } from '../use-shell-refresh';
import { usePersistentStorage } from '../use-persistent-storage';
import { UpdatePrompt } from '../update-prompt';
import { IdleLock } from './idle-lock';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useShellRefresh();
  usePersistentStorage();

  useEffect(() => {
    document.title = documentTitleOf(pathname);
  }, [pathname]);

  return (
    <IdleLock>
      <AppShell
        header={{ height: 60 }}
        footer={{ height: 40 }}
        navbar={{ width: 270, breakpoint: 'md', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
              <Title order={1} size="h3" data-testid="page-title">
                {titleOf(pathname)}
              </Title>
            </Group>
            <Group gap="md" wrap="nowrap">
              <SyncIndicator />
              <NotificationBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <AppSidebar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
        <UpdatePrompt />
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      </AppShell>
    </IdleLock>
  );
}
