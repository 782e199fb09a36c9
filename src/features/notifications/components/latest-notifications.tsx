import { Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { showDateTime } from '../../../lib/dates';
import { useLatestNotifications } from '../hooks/use-notifications';

type Named = { name?: string } | null | undefined;

/** The bell menu's newest unread notifications: the child, the message and its date, each opening the list. */
export function LatestNotifications({ count = 3 }: { count?: number }) {
  const rows = useLatestNotifications(count);
  return rows.map((n) => (
    <Menu.Item key={n.cid} component={Link} to="/notifications" data-testid="bell-notification">
      <Text size="sm" fw={600} lineClamp={1}>
        {(n.child_data as Named)?.name ?? ''}
      </Text>
      <Text size="sm" lineClamp={2}>
        {String(n.comment ?? '')}
      </Text>
      <Text size="xs" c="dark.6">
        {showDateTime(n.created_at)}
      </Text>
    </Menu.Item>
  ));
}
