import '@mantine/charts/styles.layer.css';
import { Sparkline } from '@mantine/charts';
import { useT } from '../../../lib/i18n';

/** A tile's last 12 months, drawn by the charts library (a chunk of its own, fetched after the tiles show). */
export function TileTrend({ label, data }: { label: string; data: number[] }) {
  const { t } = useT();
  return (
    <Sparkline
      h={36}
      data={data}
      curveType="linear"
      color="teal"
      fillOpacity={0.4}
      strokeWidth={1.5}
      role="img"
      aria-label={t('dashboard.tile.trend', { label })}
      data-testid="tile-trend"
    />
  );
}
