import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { TReportChart } from '@hireflow/contracts/reports';
import { theme } from '@/app/theme';
import { ReportChart } from './report-chart';

const base: TReportChart = {
  kind: 'bar',
  indexKey: 'stage',
  series: [{ key: 'median', label: 'Median days' }],
  data: [
    { stage: 'Screening', median: 6 },
    { stage: 'Interview', median: 12 },
  ],
  unit: 'days',
  summary: 'Interview takes longest: a median of 12 days, over its 10-day target.',
  reference: { value: 10, label: 'Target' },
};

const show = (chart: TReportChart) =>
  render(
    <MantineProvider theme={theme}>
      <ReportChart chart={chart} />
    </MantineProvider>,
  );

describe('ReportChart', () => {
  it.each(['bar', 'stacked-bar', 'line', 'funnel'] as const)('draws a %s chart in a figure named by its summary', (kind) => {
    show({ ...base, kind });
    expect(screen.getByRole('figure', { name: base.summary })).toBeInTheDocument();
  });

  it('lists a timeline as readable rows', () => {
    show({ ...base, kind: 'timeline', reference: null });
    const figure = screen.getByRole('figure', { name: base.summary });
    const rows = within(figure).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['ScreeningMedian days: 6.0 days', 'InterviewMedian days: 12.0 days']);
  });

  it('draws nothing for a report without a chart', () => {
    const { container } = show({ ...base, kind: 'none' });
    expect(container.querySelector('figure')).toBeNull();
  });
});
