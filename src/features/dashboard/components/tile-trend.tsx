import '@mantine/charts/styles.layer.css';
import { Sparkline } from '@mantine/charts';

/** A tile's last 12 months, drawn by the charts library (a chunk of its own, fetched after the tiles show). */
export function TileTrend({ label, data }: { label: string; data: number[] }) {
  return (
    <Sparkline
      h={36}
      data={data}
      curveType="linear"
      color="teal"
      fillOpacity={0.4}
      strokeWidth={1.5}
      role="img"
      aria-label={`${label}, last 12 months`}
      data-testid="tile-trend"
    />
  );
}
