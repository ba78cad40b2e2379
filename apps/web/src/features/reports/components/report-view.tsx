import { Alert, Anchor, Box, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { ReportCatalog, ReportMessages, type TAnyReportName, type TReportResult } from '@hireflow/contracts/reports';
import { NotFoundContent } from '@/app/screens/not-found';
import { loadChunk } from '@/app/routes/lazy-page';
import { ExportButton } from '@/components/export-button';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';
import { useReport } from '../api/get-report';
import { usePlatformReportsOverview } from '../api/get-platform-reports-overview';
import { startReportExport } from '../api/start-report-export';
import { formatValue } from '../format';
import { hasUserFilters, incompleteQuery, knownReport, readReportQuery } from '../report-query';
import { ReportFilters, type FilterPatch, type KnownLabels } from './report-filters';
import { ReportTable } from './report-table';

// The charts (@mantine/charts on recharts, the heaviest part of the page) are a chunk of their own, fetched as
// the page opens so it arrives with the report's data while the filters are already usable.
const loadChart = () => loadChunk(() => import('./report-chart'));
const ReportChart = lazy(() => loadChart().then((m) => ({ default: m.ReportChart })));

/**
 * /reports/:name and /superadmin/reports/:name: any report of the catalog with its filters (kept in the
 * URL, so a filtered report can be shared), headline figures, chart, table with totals, definition and
 * Excel export. `platform`: the super admin's view across companies, with a company chooser.
 */
export function ReportView({ platform }: { platform: boolean }) {
  const name = knownReport(useParams().name, platform);
  if (!name) return <NotFoundContent />;
  return <KnownReport key={name} name={name} platform={platform} />;
}

function KnownReport({ name, platform }: { name: TAnyReportName; platform: boolean }) {
  const entry = ReportCatalog[name];
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readReportQuery(name, params, platform), [name, params, platform]);
  const missing = incompleteQuery(name, query);
  const report = useReport(name, query, { platform, enabled: missing === null });
  const [exportError, setExportError] = useState<string | null>(null);
  useEffect(() => {
    void loadChart();
  }, []);

  const update = useCallback(
    (patch: FilterPatch) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setParams],
  );

  const known: KnownLabels = useMemo(() => Object.fromEntries((report.data?.applied ?? []).map((a) => [a.key, a.value])), [report.data]);
  const index = platform ? Paths.superadminReports : Paths.reports;
  const status = (report.error as { status?: number } | null)?.status;
  if (status === 404) return <NotFoundContent />;

  return (
    <Stack gap="md">
      <nav aria-label="Breadcrumb">
        <Group component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          <li>
            <Anchor component={Link} to={index}>
              {platform ? 'Platform reports' : 'Reports'}
            </Anchor>
          </li>
          <Text component="li" aria-hidden c="dimmed">
            ›
          </Text>
          <Text component="li" aria-current="page">
            {entry.title}
          </Text>
        </Group>
      </nav>
      <Group justify="space-between" align="start" wrap="wrap">
        <div>
          <Title order={1}>{entry.title}</Title>
          <Text c="dimmed">{entry.blurb}</Text>
        </div>
        <ExportButton
          start={() => startReportExport(name, query, platform)}
          onError={setExportError}
          disabled={missing !== null || !report.data}
          fallbackFileName={`${name}.xlsx`}
        />
      </Group>
      {exportError ? (
        <Alert color="red" title="The export could not be made">
          {exportError}
        </Alert>
      ) : null}
      {platform ? <CompanyChooser value={query.companyId} onChange={(companyId) => update({ companyId })} /> : null}
      <ReportFilters name={name} query={query} update={update} known={known} platform={platform} />

      {missing === 'candidate' ? (
        <Alert color="blue" title="No candidate chosen">
          {ReportMessages.chooseCandidate}
        </Alert>
      ) : missing === 'range' ? (
        <Alert color="blue" title="Choose the dates">
          Enter both a from and a to date to see the report for a custom range.
        </Alert>
      ) : report.isPending ? (
        <ReportSkeleton />
      ) : report.isError && !report.data ? (
        <Alert color="red" title="This report could not be loaded">
          <Stack gap="xs" align="start">
            <Text size="sm"><ApiErrorText message={errorMessage(report.error)} /></Text>
            <Button variant="default" size="xs" onClick={() => void report.refetch()} loading={report.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : report.data ? (
        <Box aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <ReportBody result={report.data} filtered={hasUserFilters(query)} onReset={() => update(resetPatch(query))} />
        </Box>
      ) : null}
    </Stack>
  );
}

/** Clears every filter (the platform page keeps its chosen company). */
function resetPatch(query: Record<string, string | undefined>): FilterPatch {
  return Object.fromEntries(Object.keys(query).filter((k) => k !== 'companyId').map((k) => [k, null])) as FilterPatch;
}

function ReportBody({ result, filtered, onReset }: { result: TReportResult; filtered: boolean; onReset: () => void }) {
  return (
    <Stack gap="lg">
      {result.range ? (
        <Text size="sm" c="dimmed">
          {formatValue('date', result.range.from)} to {formatValue('date', result.range.to)}
          {result.applied.length ? ` · ${result.applied.map((a) => `${a.label}: ${a.value}`).join(' · ')}` : ''}
        </Text>
      ) : null}
      {result.empty ? (
        <Paper withBorder p="lg" role="status">
          <Stack gap="xs" align="start">
            <Text fw={500}>{result.empty}</Text>
            <Text size="sm" c="dimmed">
              Try a wider date range or fewer filters.
            </Text>
            {filtered ? (
              <Button variant="default" size="xs" onClick={onReset}>
                Reset filters
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <>
          {result.headline.length ? (
            <SimpleGrid cols={{ base: 2, md: Math.min(4, result.headline.length) }} spacing="sm" component="section" aria-label="Headline figures">
              {result.headline.map((h) => (
                <Paper key={h.label} withBorder p="md">
                  <Text size="sm" c="dimmed">
                    {h.label}
                  </Text>
                  <Text fz={24} fw={700}>
                    {formatValue(h.kind, h.value)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          ) : null}
          <Suspense fallback={<Skeleton h={result.chart.kind === 'none' ? 0 : 300} aria-hidden />}>
            <ReportChart chart={result.chart} />
          </Suspense>
          <ReportTable key={`${result.generatedAt}:${result.rows.length}`} result={result} />
        </>
      )}
      <Box component="section" aria-labelledby="report-definition">
        <Title order={2} size="h4" id="report-definition">
          How this is computed
        </Title>
        <Box component="ul" mt="xs" pl="lg">
          {result.definition.map((line) => (
            <Text component="li" key={line} size="sm">
              {line}
            </Text>
          ))}
        </Box>
      </Box>
      <Text size="xs" c="dimmed">
        Made {new Date(result.generatedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </SimpleGrid>
      <Skeleton h={300} />
      <Skeleton h={200} />
    </Stack>
  );
}

/** The platform page's company: all of them (the default) or one, kept in the URL as companyId. */
function CompanyChooser({ value, onChange }: { value: string | undefined; onChange: (companyId: string | null) => void }) {
  const overview = usePlatformReportsOverview();
  const All = 'all';
  const data = [{ value: All, label: 'All companies' }, ...(overview.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))];
  if (value && !data.some((d) => d.value === value)) data.push({ value, label: overview.isPending ? 'Loading…' : 'Unknown company' });
  return (
    <Select
      label="Company"
      maw={360}
      searchable
      allowDeselect={false}
      data={data}
      value={value ?? All}
      onChange={(v) => onChange(v && v !== All ? v : null)}
      error={overview.isError ? errorMessage(overview.error) : undefined}
    />
  );
}
