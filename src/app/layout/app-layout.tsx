// The styles of what the layout and the dashboard show, beyond the sign-in page's (main.tsx):
// the other screens bring every component's with their chunks (all-styles.ts, router.tsx), so a
// cold start to the dashboard does not parse all of Mantine's styles before the tiles.
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { useEffect } from 'react';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { documentTitleOf, titleOf } from '../../routes/route-table';
import { AppSidebar } from './app-sidebar';
import { AppFooter } from './app-footer';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import { SyncIndicator, SyncNotice } from './sync-indicator';
import { FirstSyncProgress } from './first-sync-progress';
import { useShellRefresh } from '../use-shell-refresh';
import { usePersistentStorage } from '../use-persistent-storage';
import { useReplayToasts } from '../use-replay-toasts';
import { UpdatePrompt } from '../update-prompt';
import { IdleLock } from './idle-lock';
import { useFirstScreenDone } from '../../lib/first-screen';
import { useT } from '../../lib/i18n';

export { RequireRoute } from './require-route';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const { t, label } = useT();
  const title = label(titleOf(pathname));
  useShellRefresh();
  usePersistentStorage();
  useReplayToasts();
  // The side menu's forty entries, and the header's and footer's parts that read the device
  // (the sync chip, the bell, the user menu, the sync notices, the update prompt), render after the first screen
  // has shown, not before it: at a cold start the screen's own reads are the only ones.
  const shellReady = useFirstScreenDone();

  useEffect(() => {
    document.title = documentTitleOf(pathname, label);
  }, [pathname, label]);
  // Whatever led to a new screen (a menu entry, the beneficiaries dialog, a link in the
  // page), the phone's menu is closed on it: the worker sees the list, not the menu.
  useEffect(() => close(), [pathname, search, close]);

  return (
    <IdleLock>
      <AppShell
        header={{ height: 60 }}
        footer={{ height: 40 }}
        navbar={{ width: 270, breakpoint: 'md', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 4, sm: 'md' }} justify="space-between" wrap="nowrap" gap={4}>
            <Group gap={4} wrap="nowrap" miw={0} style={{ flex: 1 }}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={t('shell.toggleNavigation')}
                miw={44}
                mih={44}
              />
              <Title order={1} fz={{ base: 'md', sm: 'h3' }} lineClamp={1} data-testid="page-title" title={title}>
                {title}
              </Title>
            </Group>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {shellReady && (
                <>
                  <SyncIndicator />
                  <NotificationBell />
                  <UserMenu />
                </>
              )}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">{shellReady && <AppSidebar onNavigate={close} />}</AppShell.Navbar>
        {/* Where the screen below is (a test reads it to know an in-app navigation has shown). */}
        <AppShell.Main data-location={pathname + search}>
          {shellReady && (
            <>
              <SyncNotice />
              <FirstSyncProgress />
            </>
          )}
          <Outlet />
        </AppShell.Main>
        {shellReady && <UpdatePrompt />}
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      </AppShell>
    </IdleLock>
  );
}
