import '@mantine/charts/styles.layer.css';
import { BarChart, FunnelChart, LineChart } from '@mantine/charts';
import { Box, Group, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import type { TReportChart } from '@hireflow/contracts/reports';
import { formatAxis, formatValue } from '../format';

// Series colours that stay apart for people with the common colour-vision deficiencies (blue/orange first).
const Palette = ['blue.7', 'orange.6', 'teal.7', 'grape.6', 'red.7', 'yellow.6', 'cyan.7', 'pink.6', 'indigo.6', 'lime.7'];
const colour = (i: number) => Palette[i % Palette.length];

/**
 * The report's chart by its kind (bars, stacked bars, lines, a funnel, a timeline), in a figure whose
 * caption is the chart's summary: the text alternative a screen reader reads instead of the drawing.
 */
export function ReportChart({ chart }: { chart: TReportChart }) {
  const captionId = useId();
  if (chart.kind === 'none' || chart.data.length === 0) return null;
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <ChartBody chart={chart} />
      <Text component="figcaption" id={captionId} size="sm" c="dimmed" mt="xs">
        {chart.summary}
      </Text>
    </Box>
  );
}

function ChartBody({ chart }: { chart: TReportChart }) {
  const series = chart.series.map((s, i) => ({ name: s.key, label: s.label, color: colour(i) }));
  const valueFormatter = (v: number) => formatValue(chart.unit, v);
  const referenceLines = chart.reference ? [{ y: chart.reference.value, label: chart.reference.label, color: 'red.8' }] : undefined;
  const common = {
    h: 300,
    data: chart.data as Record<string, unknown>[],
    dataKey: chart.indexKey,
    series,
    valueFormatter,
    withLegend: series.length > 1,
    referenceLines,
    yAxisProps: { tickFormatter: (v: number) => formatAxis(chart.unit, v) },
  };
  switch (chart.kind) {
    case 'bar':
      return <BarChart {...common} />;
    case 'stacked-bar':
      return <BarChart {...common} type="stacked" />;
    case 'line':
      return <LineChart {...common} curveType="linear" />;
    case 'funnel': {
      const key = chart.series[0]?.key ?? 'value';
      const data = chart.data.map((d, i) => ({ name: String(d[chart.indexKey] ?? ''), value: Number(d[key] ?? 0), color: colour(i) }));
      // The funnel draws the values; its key beside it names each step (the funnel itself shows names only on hover).
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FunnelChart data={data} h={300} withLabels labelsPosition="inside" valueFormatter={valueFormatter} tooltipDataSource="segment" />
          <Box component="ol" p={0} m={0} style={{ listStyle: 'none', alignSelf: 'center' }}>
            {data.map((d) => (
              <Group component="li" key={d.name} gap="xs" wrap="nowrap" py={2}>
                <Box w={12} h={12} bg={d.color} style={{ borderRadius: 2, flex: 'none' }} />
                <Text size="sm">
                  {d.name}: {valueFormatter(d.value)}
                </Text>
              </Group>
            ))}
          </Box>
        </SimpleGrid>
      );
    }
    case 'timeline':
      return <Timeline chart={chart} />;
    default:
      return null;
  }
}

/** A timeline as readable rows: what happened (the index), its figures, and a bar as long as the first figure. */
function Timeline({ chart }: { chart: TReportChart }) {
  const first = chart.series[0]?.key;
  const max = Math.max(1, ...chart.data.map((d) => (first && typeof d[first] === 'number' ? (d[first] as number) : 0)));
  return (
    <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {chart.data.map((d, i) => {
        const length = first && typeof d[first] === 'number' ? Math.max(2, ((d[first] as number) / max) * 100) : 0;
        return (
          <Box component="li" key={i} py={6} style={{ borderLeft: '3px solid var(--mantine-color-blue-7)', paddingLeft: 12 }}>
            <Text fw={500}>{String(d[chart.indexKey] ?? '')}</Text>
            <Text size="sm">{chart.series.map((s) => `${s.label}: ${formatValue(chart.unit, d[s.key])}`).join(' · ')}</Text>
            {length ? <Box aria-hidden mt={4} h={8} bg="blue.2" style={{ width: `${length}%`, borderRadius: 4 }} /> : null}
          </Box>
        );
      })}
    </Box>
  );
}
