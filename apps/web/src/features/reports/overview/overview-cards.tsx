import { lazy, Suspense } from 'react';
import { Box, Group, Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { TOverviewCard } from '@hireflow/contracts/reports';
import { formatValue } from '../format';

const TrendSparkline = lazy(() => import('./trend-sparkline'));

/** "Up 12% on the previous period" / "No change": the trend said in words (the arrow is decoration). */
function change(card: TOverviewCard): { text: string; arrow: string } {
  if (card.value === null || card.previous === null) return { text: 'No earlier figure to compare with', arrow: '' };
  const diff = card.value - card.previous;
  if (Math.abs(diff) < 1e-9) return { text: 'No change on the previous period', arrow: '→' };
  const by = card.kind === 'percent' ? `${Math.abs(diff).toFixed(1)} points` : formatValue(card.kind, Math.abs(diff));
  return { text: `${diff > 0 ? 'Up' : 'Down'} ${by} on the previous period (${formatValue(card.kind, card.previous)})`, arrow: diff > 0 ? '↑' : '↓' };
}

/** The overview's headline figures, each with its trend as a sparkline and in words. */
export function OverviewCards({ cards }: { cards: TOverviewCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Headline figures">
      {cards.map((card) => {
        const { text, arrow } = change(card);
        const points = card.trend.map((p) => p.value ?? 0);
        return (
          <Paper key={card.key} component="li" withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {card.label}
            </Text>
            <Group justify="space-between" align="end" wrap="nowrap">
              <Text fz={26} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
                {formatValue(card.kind, card.value)}
              </Text>
              {points.length > 1 ? (
                <figure style={{ margin: 0, width: 110 }}>
                  {/* The picture only (inert: the chart library makes its svg focusable); the caption says the trend. */}
                  <div inert>
                    <Suspense fallback={<Box w={110} h={40} />}>
                      <TrendSparkline points={points} />
                    </Suspense>
                  </div>
                  <VisuallyHidden component="figcaption">
                    Trend: {card.trend.map((p) => `${p.label} ${formatValue(card.kind, p.value)}`).join(', ')}
                  </VisuallyHidden>
                </figure>
              ) : null}
            </Group>
            <Text size="sm" mt={4}>
              <span aria-hidden>{arrow} </span>
              {text}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {card.hint}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
