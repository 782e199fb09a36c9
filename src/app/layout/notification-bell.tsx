import { ActionIcon, Indicator, Menu } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useLiveQuery } from '../../lib/use-live-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { Link } from 'react-router';
import { canOpenRoute, lookupKeys, readLookup, refreshNotifyCount, syncStatusStore } from '../../../sync';
import { useT } from '../../lib/i18n';
import { LatestNotifications, useUnreadCount } from '../../features/notifications';
import { useOnline, useUser } from '../../lib/use-store';

type NotifyCount = { record_count: number; timeDiff: string };

/**
 * The bell's number. Online it is the server's `record_count` (GET
 * /notify_list_count/{centerId}, spec part 2, section 3: "Count record: record_count,
 * timeDiff"); offline, or before the server has answered, the unread notifications on
 * the device, which move at each pull and each Mark As Read.
 */
export function bellCount(online: boolean, stored: NotifyCount | null | undefined, localUnread: number): number {
  const fromServer = stored?.record_count;
  return online && typeof fromServer === 'number' ? fromServer : localUnread;
}

/** The bell: the unread count (see {@link bellCount}) and View All. */
export function NotificationBell() {
  const user = useUser();
  const online = useOnline();
  const stored = useLiveQuery(() => readLookup<NotifyCount>(lookupKeys.notifyCount), []);
  const localUnread = useUnreadCount();
  // The server's count is asked again whenever the device's changes (a pull, a Mark As
  // Read) and after each sync run (a Mark As Read made offline has reached the server).
  const syncedAt = useStore(syncStatusStore, (s) => s.lastSyncAt);
  useEffect(() => {
    if (online) void refreshNotifyCount(user.centerId);
  }, [online, localUnread, syncedAt, user.centerId]);
  const count = bellCount(online, stored?.data, localUnread);
  const mayList = canOpenRoute(user, '/notifications');
  const { t } = useT();
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      {/* The menu's target is the button itself, so its expanded state is on a button. */}
      <Indicator label={count} size={18} disabled={count === 0} offset={4} color="red.9">
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} aria-label={t('notifications.unread', { count })}>
            <IconBell size={22} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Label>{t('notifications.title')}</Menu.Label>
        {/* A menu holds only items, labels and dividers: the count is a label, not a paragraph. */}
        <Menu.Label fz="sm" c="var(--mantine-color-text)" pt={0} data-testid="notify-count">
          {count === 0
            ? t('notifications.none')
            : t(count === 1 ? 'notifications.new_one' : 'notifications.new_other', { count })}
          {stored?.data?.timeDiff ? ` · ${stored.data.timeDiff}` : ''}
        </Menu.Label>
        {mayList && (
          <>
            <LatestNotifications />
            <Menu.Divider />
            <Menu.Item component={Link} to="/notifications">
              {t('notifications.viewAll')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
