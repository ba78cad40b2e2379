import { Alert, Button, Group, Skeleton, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ReportNames } from '@hireflow/contracts/reports';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { useReportsOverview } from '@/features/reports/api/get-reports-overview';
import { OverviewCards } from '@/features/reports/overview/overview-cards';
import { ReportList } from '@/features/reports/overview/report-list';
import { errorMessage } from '@/lib/api-client';

/** /reports: the headline figures of the company with their trends, then every report grouped by theme. */
export default function ReportsIndexPage() {
  const overview = useReportsOverview();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">How your hiring is going. Every report can be filtered, shared by link and exported to Excel.</Text>
      </div>
      {overview.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" aria-busy="true" aria-label="Loading the headline figures">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={130} radius="md" />
          ))}
        </SimpleGrid>
      ) : overview.isError ? (
        <Alert color="red" title="The headline figures could not be loaded">
          <Group gap="sm">
            <Text size="sm">{errorMessage(overview.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <OverviewCards cards={overview.data.cards} />
      )}
      <ReportList names={ReportNames} pathOf={(name) => buildPath(Paths.report, { name })} />
    </Stack>
  );
}
