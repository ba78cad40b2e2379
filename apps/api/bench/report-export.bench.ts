// The Excel export of the largest report table the export takes (ReportExportRules.maxRows rows, eight
// columns of every kind): time to write the workbook and the process's peak memory while it does.
import type { TReportResult } from '@hireflow/contracts/reports';
import { reportWorkbook, ReportExportRules } from '../src/modules/reports/report-export';

const rows = ReportExportRules.maxRows;
const columns: TReportResult['columns'] = [
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'applied', label: 'Applications', kind: 'count' },
  { key: 'interviews', label: 'Interviews', kind: 'count' },
  { key: 'hireRate', label: 'Hire rate', kind: 'percent' },
  { key: 'median', label: 'Median days', kind: 'days' },
  { key: 'hours', label: 'Turnaround hours', kind: 'hours' },
  { key: 'opened', label: 'Opened', kind: 'date' },
];
const result: TReportResult = {
  name: 'vacancy-analysis', title: 'Vacancy analysis', definition: ['Bench.'], range: { from: '2025-01-01', to: '2026-12-31', preset: 'custom' }, applied: [], headline: [],
  chart: { kind: 'bar', indexKey: 'job', series: [{ key: 'applied', label: 'Applications' }], data: [], unit: 'count', summary: '', reference: null },
  columns,
  rows: Array.from({ length: rows }, (_, i) => ({ job: `Job ${i} - Senior Backend Engineer`, source: 'career_site', applied: i % 500, interviews: i % 70, hireRate: (i % 1000) / 10, median: (i % 300) / 10, hours: (i % 90) / 2, opened: `2026-0${(i % 9) + 1}-1${i % 10}` })),
  totals: { job: 'Total', applied: 1, interviews: 1, hireRate: null, median: null, hours: null, opened: null, source: null },
  totalRows: rows, empty: null, generatedAt: new Date().toISOString(),
};

let peak = process.memoryUsage().rss;
const before = peak;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const buffer = await reportWorkbook(result, { company: 'Bench', madeAt: new Date(), madeBy: 'Bench' });
const ms = performance.now() - started;
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
console.log(`  report export: ${rows} rows x ${columns.length} columns in ${(ms / 1000).toFixed(1)} s, file ${mb(buffer.length)} MB, rss ${mb(before)} -> peak ${mb(peak)} MB (+${mb(peak - before)} MB)`);
