import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { canOpenRoute, lookupKeys, readLookup } from '../../../sync';
import { useUnreadCount } from '../../features/notifications';
import { countOf } from '../../lib/words';
import { useUser } from '../../lib/use-store';

type NotifyCount = { record_count: number; timeDiff: string };

/** The bell: unread notifications on the device (moves after each sync and each Mark As Read), and View All. */
export function NotificationBell() {
  const stored = useLiveQuery(() => readLookup<NotifyCount>(lookupKeys.notifyCount), []);
  const count = useUnreadCount();
  const mayList = canOpenRoute(useUser(), '/notifications');
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      {/* The menu's target is the button itself, so its expanded state is on a button. */}
      <Indicator label={count} size={18} disabled={count === 0} offset={4} color="red.9">
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} aria-label={`Notifications: ${count} unread`}>
            <IconBell size={22} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        <Text size="sm" px="sm" pb="xs" data-testid="notify-count">
          {count === 0 ? 'No new notifications' : countOf(count, 'new notification')}
          {stored?.data?.timeDiff ? ` · ${stored.data.timeDiff}` : ''}
        </Text>
        {mayList && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/notifications">
              View All
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
