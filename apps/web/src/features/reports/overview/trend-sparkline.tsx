import '@mantine/charts/styles.layer.css';
import { Sparkline } from '@mantine/charts';

/** A card's trend as a small line: a chunk of its own (the chart library), loaded after the figures show. */
export default function TrendSparkline({ points }: { points: number[] }) {
  return <Sparkline w={110} h={40} data={points} curveType="linear" trendColors={{ positive: 'teal.7', negative: 'red.7', neutral: 'gray.6' }} fillOpacity={0.3} />;
}
