import { Badge } from '@mantine/core';
import { presentStatusColor, statusLabel, type StatusColor } from '../../../../sync';
import { useT } from '../../../lib/i18n';

// The spec's group colours in shades white text reads on (at least 4.5:1, WCAG AA).
const readableShade: Record<StatusColor, string> = {
  orange: '#b34000',
  red: 'red.9',
  olive: '#5c5c00',
  teal: 'teal.9',
  blue: 'blue.9',
  grey: 'gray.7',
};

/** Present Status, coloured by the spec's groups; a child with no history shows Registration. */
export function PresentStatus({ status }: { status: string | null | undefined }) {
  const { t, label } = useT();
  return (
    <Badge
      color={readableShade[presentStatusColor(status)]}
      variant="filled"
      tt="none"
      data-status-color={presentStatusColor(status)}
    >
      {status ? label(statusLabel(status)) : t('status.registration')}
    </Badge>
  );
}
