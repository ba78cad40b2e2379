import { Stack, Text, Title } from '@mantine/core';
import { ReportNames } from '@hireflow/contracts/reports';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { useReportsOverview } from '@/features/reports/api/get-reports-overview';
import { OverviewCards } from '@/features/reports/overview/overview-cards';
import { ReportList } from '@/features/reports/overview/report-list';
import { FiguresLoadState } from '@/features/reports/overview/figures-load-state';

/** /reports: the headline figures of the company with their trends, then every report grouped by theme. */
export default function ReportsIndexPage() {
  const overview = useReportsOverview();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">How your hiring is going. Every report can be filtered, shared by link and exported to Excel.</Text>
      </div>
      {!overview.isSuccess ? (
        <FiguresLoadState query={overview} what="headline figures" height={130} />
      ) : (
        <OverviewCards cards={overview.data.cards} />
      )}
      <ReportList names={ReportNames} pathOf={(name) => buildPath(Paths.report, { name })} />
    </Stack>
  );
}
