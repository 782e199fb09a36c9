import { Badge } from '@mantine/core';
import { presentStatusColor, statusLabel } from '../../../../sync';

/** Present Status, coloured by the spec's groups; a child with no history shows Registration. */
export function PresentStatus({ status }: { status: string | null | undefined }) {
  return (
    <Badge color={presentStatusColor(status)} variant="filled" tt="none" data-status-color={presentStatusColor(status)}>
      {status ? statusLabel(status) : 'Registration'}
    </Badge>
  );
}
