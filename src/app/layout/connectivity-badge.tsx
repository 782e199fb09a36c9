import { Badge } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { pendingCount } from '../../../sync';
import { useOnline } from '../../lib/use-store';

/** Online/offline and the number of writes waiting to be sent. */
export function ConnectivityBadge() {
  const online = useOnline();
  const pending = useLiveQuery(() => pendingCount(), [], 0);
  return (
    <Badge color={online ? 'teal' : 'gray'} variant="light" data-testid="connectivity">
      {online ? 'Online' : 'Offline'}
      {pending > 0 ? ` · ${pending} pending` : ''}
    </Badge>
  );
}
