import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlatformReportNames, ReportNames } from '@hireflow/contracts/reports';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { usePlatformReportsOverview } from '@/features/reports/api/get-platform-reports-overview';
import { formatValue } from '@/features/reports/format';
import { ReportList } from '@/features/reports/overview/report-list';
import { FiguresLoadState } from '@/features/reports/overview/figures-load-state';

/** /superadmin/reports: platform figures, then the platform's own reports and every company report across companies. */
export default function SuperadminReportsPage() {
  const overview = usePlatformReportsOverview();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Platform reports</Title>
        <Text c="dimmed">Every report across all companies, or for one company you choose on the report.</Text>
      </div>
      {!overview.isSuccess ? (
        <FiguresLoadState query={overview} what="platform figures" height={90} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Platform figures">
          {overview.data.cards.map((card) => (
            <Paper key={card.label} component="li" withBorder p="md" radius="md">
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              <Text fz={28} fw={700}>
                {formatValue(card.kind, card.value)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <ReportList names={[...PlatformReportNames, ...ReportNames]} pathOf={(name) => buildPath(Paths.superadminReport, { name })} />
    </Stack>
  );
}
