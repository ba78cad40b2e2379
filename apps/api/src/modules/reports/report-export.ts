import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { bufferSink } from '../../lib/spreadsheet';
import { Types } from 'mongoose';
import { DatePresetLabels, type TAnyReportName, type TCell, type TReportResult, type TValueKind } from '@hireflow/contracts/reports';
import type { Config } from '../../config';
import type { JobContext } from '../../lib/job-queue';
import { exportJob, startExport, type AnyExportPayload } from '../exports/exports.service';
import { Customer } from '../org/customer.model';
import type { UserDoc } from '../users/user.model';
import { XlsxType } from '../users/users-export';
import { AppError } from '../../lib/app-error';
import { recordExportAudit } from '../privacy/audit/audit';
import { reportNamed } from './report-registry';
import { companyScope, platformScope, reportContext, runReport, type ReportQuery } from './reports.service';

/**
 * The Excel export of a report, exactly as its page shows it (same scope, filters and range) but with
 * every row up to `ReportExportRules.maxRows`: sheet "Report" has a header block (title, company, date
 * range, the filters in words, when and by whom it was made, how it is computed), a blank row, the table
 * and a bold totals row; sheet "Chart data" has the chart's points. Runs on the background queue
 * (lib exports: progress, the file the asker's alone, expiry).
 */
export const ReportExportRules = { maxRows: 100_000 } as const;

type Payload = AnyExportPayload & {
  name: TAnyReportName;
  query: ReportQuery;
  /** The super admin's view: every company, or query.companyId. */
  platform: boolean;
  /** The asker's name, for "Made on … by …". */
  madeBy: string;
  /** When it was asked: the range presets resolve against this moment, as on the page. */
  askedAt: string;
};

export type WorkbookMeta = { company: string; madeAt: Date; madeBy: string };

const numFmts: Partial<Record<TValueKind, string>> = { percent: '0.0%', days: '0.0', hours: '0.0', number: '0.0', score: '0.0', count: '0', date: 'yyyy-mm-dd' };

/** A cell as Excel should hold it: numbers as numbers (percentages as fractions), dates as dates. */
export function excelValue(value: TCell | undefined, kind: TValueKind): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'date' && typeof value === 'string') {
    const d = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
    return Number.isNaN(d.getTime()) ? value : d;
  }
  if (typeof value === 'number') return kind === 'percent' ? value / 100 : value;
  return value;
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.toISOString().slice(0, 10)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;

/** The header block's lines, in order (the test reads them back). */
export function headerLines(result: TReportResult, meta: WorkbookMeta): string[] {
  const filters = result.applied.filter((f) => f.key !== 'companyId');
  return [
    result.title,
    `Company: ${meta.company}`,
    result.range ? `Date range: ${result.range.from} to ${result.range.to} (${DatePresetLabels[result.range.preset]})` : 'Date range: not applicable to this report',
    filters.length ? `Filters: ${filters.map((f) => `${f.label}: ${f.value}`).join('; ')}` : 'Filters: none',
    `Made on ${stamp(meta.madeAt)} by ${meta.madeBy}`,
    ...(result.totalRows > result.rows.length ? [`The table has ${result.totalRows} rows; the first ${result.rows.length} are exported.`] : []),
    'How this is computed:',
    ...result.definition,
  ];
}

/**
 * Writes the workbook to `out` with exceljs's streaming writer (rows are committed as they are written,
 * so a 100,000-row table does not sit in memory as cell objects). `onRows` hears every 1,000th row.
 */
export async function writeReportWorkbook(result: TReportResult, meta: WorkbookMeta, out: Writable, onRows?: (written: number) => Promise<void> | void) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Hireflow';
  workbook.created = meta.madeAt;

  const sheet = workbook.addWorksheet('Report');
  sheet.columns = result.columns.map((c, i) => ({ key: c.key, width: i === 0 ? 32 : Math.max(12, Math.min(40, c.label.length + 4)) }));
  const lines = headerLines(result, meta);
  lines.forEach((line, i) => {
    const row = sheet.addRow([line]);
    if (i === 0) row.font = { bold: true, size: 14 };
    if (line === 'How this is computed:') row.font = { bold: true };
    row.commit();
  });
  sheet.addRow([]).commit();
  const header = sheet.addRow(result.columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  const addValues = (values: Record<string, TCell>, bold: boolean) => {
    const row = sheet.addRow(result.columns.map((c) => excelValue(values[c.key], c.kind)));
    result.columns.forEach((c, i) => {
      const fmt = numFmts[c.kind];
      if (fmt) row.getCell(i + 1).numFmt = fmt;
    });
    if (bold) row.font = { bold: true };
    row.commit();
  };
  let written = 0;
  for (const r of result.rows) {
    addValues(r, false);
    written += 1;
    if (onRows && written % 1_000 === 0) await onRows(written);
  }
  if (result.totals) addValues(result.totals, true);
  sheet.commit();

  const chart = workbook.addWorksheet('Chart data');
  const indexLabel = result.columns.find((c) => c.key === result.chart.indexKey)?.label ?? result.chart.indexKey;
  chart.columns = [{ width: 28 }, ...result.chart.series.map((s) => ({ width: Math.max(12, s.label.length + 4) }))];
  const chartHeader = chart.addRow([indexLabel, ...result.chart.series.map((s) => s.label)]);
  chartHeader.font = { bold: true };
  chartHeader.commit();
  for (const point of result.chart.data) {
    const row = chart.addRow([point[result.chart.indexKey] ?? null, ...result.chart.series.map((s) => excelValue(point[s.key], result.chart.unit))]);
    const fmt = numFmts[result.chart.unit];
    if (fmt) result.chart.series.forEach((_, i) => (row.getCell(i + 2).numFmt = fmt));
    row.commit();
  }
  chart.commit();
  await workbook.commit();
}

/** The workbook as a buffer (the stored export file). */
export async function reportWorkbook(result: TReportResult, meta: WorkbookMeta, onRows?: (written: number) => Promise<void> | void): Promise<Buffer> {
  const { out, buffer } = bufferSink();
  await writeReportWorkbook(result, meta, out, onRows);
  return buffer();
}

export const reportExportFileName = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.xlsx`;

async function companyName(customerId: Types.ObjectId | null) {
  if (!customerId) return 'All companies';
  return (await Customer.findById(customerId, { name: 1 }).lean())?.name ?? '(unknown company)';
}

export const ReportExportJob = exportJob<Payload>('export.report', async (payload, ctx: JobContext) => {
  const { name, query, platform } = payload;
  const scope = platform ? platformScope(query.companyId) : companyScope(new Types.ObjectId(payload.customerId!));
  await ctx.progress(5, 'Computing the report…');
  const result = await runReport({ name, scope, query, now: new Date(payload.askedAt), maxRows: ReportExportRules.maxRows });
  await ctx.progress(40, `Writing ${result.rows.length} rows…`);
  const madeAt = ctx.now();
  const total = Math.max(1, result.rows.length);
  const buffer = await reportWorkbook(result, { company: await companyName(scope.customerId), madeAt, madeBy: payload.madeBy }, (written) =>
    ctx.progress(40 + Math.round((written / total) * 55), `${written} of ${result.rows.length} rows written`),
  );
  await ctx.progress(96, 'Saving the file…');
  // Reports can list people (candidates, users): a company's export is in its privacy audit trail.
  if (scope.customerId) await recordExportAudit({ customerId: scope.customerId, userId: new Types.ObjectId(payload.requestedBy), at: madeAt, detail: `Report exported to Excel: ${result.title}` });
  return { buffer, fileName: reportExportFileName(name, madeAt), contentType: XlsxType };
});

/**
 * POST /api/reports/:name/export (and the platform's): queues the Excel export of the report as shown
 * (exports mechanism: progress, the file the asker's alone). Answers the job id. The report's own
 * checks (its filters, the platform's need of a company for org filters) run in the job as on the page,
 * and here first so a bad query is a 400 now rather than a failed export later.
 */
export async function startReportExport({ config, name, query, actor, platform, now = new Date() }: { config: Config; name: TAnyReportName; query: ReportQuery; actor: UserDoc; platform: boolean; now?: Date }): Promise<{ jobId: string }> {
  if (!reportNamed(name)) throw AppError.notFound('Report');
  const customerId = platform ? null : (actor.customerId as Types.ObjectId | null);
  if (!platform && !customerId) throw AppError.forbidden('This action belongs to a company account');
  await reportContext(name, platform ? platformScope(query.companyId) : companyScope(customerId!), query, now);
  const payload: Payload = {
    customerId: customerId ? String(customerId) : null,
    requestedBy: String(actor._id),
    name,
    query,
    platform,
    madeBy: `${actor.firstName} ${actor.lastName}`.trim(),
    askedAt: now.toISOString(),
  };
  return startExport({ config, definition: ReportExportJob, payload });
}
