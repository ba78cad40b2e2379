import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import type { Express } from 'express';
import { ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { ZReportResult, type TReportColumn, type TReportResult } from '@hireflow/contracts/reports';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { QueueJob } from '../../lib/job-queue.model';
import { defineReport, percent, round1, sumRows } from './report-kit';
import { registerReportForTest } from './report-registry';
import { bumpTallies } from './tallies/tallies';
import { headerLines, reportWorkbook } from './report-export';
import { binaryBody } from '../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let unregister: () => void;
const t: Record<string, string> = {};
const DayMs = 86_400_000;

/** A small report for the test (the real ones are built elsewhere): applications per source from the tallies. */
const columns: TReportColumn[] = [
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'applied', label: 'Applications', kind: 'count' },
  { key: 'share', label: 'Share', kind: 'percent' },
  { key: 'avgDays', label: 'Mean days to hire', kind: 'days' },
  { key: 'since', label: 'Counted since', kind: 'date' },
];
const TestReport = defineReport({
  name: 'source-activity',
  definition: ['Applications counted on the day they arrive.', 'Share: of all applications in the range.'],
  compute: async (ctx) => {
    const sums = await ctx.tallies({ dim: 'src', counters: ['applied', 'hired', 'tthSum'], groupBy: 'key', ...(ctx.filters.source ? { keys: [ctx.filters.source] } : {}) });
    const total = sums.reduce((n, s) => n + s.sums.applied!, 0);
    const rows = sums.map((s) => ({ source: s.id, applied: s.sums.applied!, share: percent(s.sums.applied!, total), avgDays: s.sums.hired ? round1(s.sums.tthSum! / s.sums.hired) : null, since: ctx.range!.fromDay }));
    return {
      headline: [{ label: 'Applications', value: total, kind: 'count' }],
      chart: { kind: 'bar', indexKey: 'source', series: [{ key: 'applied', label: 'Applications' }], data: rows, unit: 'count', summary: `${total} applications`, reference: null },
      columns,
      rows,
      totals: { ...sumRows(rows, columns, ['applied']), share: rows.length ? 100 : null },
      empty: rows.length ? null : 'No applications in this range.',
    };
  },
});

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  unregister = registerReportForTest(TestReport);
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  const recent = new Date(Date.now() - 10 * DayMs);
  await bumpTallies([
    { customerId: a._id, dim: 'src', key: 'career_site', at: recent, inc: { applied: 3, hired: 2, tthSum: 25 } },
    { customerId: a._id, dim: 'src', key: 'referral', at: recent, inc: { applied: 1 } },
    // Long before the default range: not counted.
    { customerId: a._id, dim: 'src', key: 'agency', at: new Date(Date.now() - 400 * DayMs), inc: { applied: 7 } },
    { customerId: b._id, dim: 'src', key: 'career_site', at: recent, inc: { applied: 5 } },
  ]);
  t.reporterA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, firstName: 'Rita', lastName: 'Reporter', rights: ['viewReports'] }));
  t.otherReporterA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, rights: ['viewReports'] }));
  t.plainA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, rights: [] }));
  t.reporterB = await tokenFor(ctx.config, await buildUser({ customerId: b._id, rights: ['viewReports'] }));
  t.superAdmin = await tokenFor(ctx.config, await buildUser({ superAdmin: true, firstName: 'Sam', lastName: 'Super', role: 'employee' }));
});
afterAll(async () => {
  unregister();
  await ctx.stop();
});

const auth = (token: string) => `Bearer ${token}`;
const status = (token: string, jobId: string) => request(app).get(`/api/exports/${jobId}`).set('Authorization', auth(token));
const download = (token: string, url: string) =>
  request(app)
    .get(url)
    .set('Authorization', auth(token))
    .buffer(true)
    .parse(binaryBody);

async function untilReady(token: string, jobId: string): Promise<TExportStatus> {
  let last: TExportStatus | undefined;
  await vi.waitFor(
    async () => {
      last = ZExportStatus.parse((await status(token, jobId).expect(200)).body);
      expect(last.state).toBe('done');
    },
    { timeout: 20_000, interval: 50 },
  );
  return last!;
}

async function readWorkbook(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}
const cellValue = (v: ExcelJS.CellValue) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null));
const rowValues = (sheet: ExcelJS.Worksheet, n: number, width: number) => Array.from({ length: width }, (_, i) => cellValue(sheet.getRow(n).getCell(i + 1).value));

/** What the table shows, as Excel should hold it (percent as a fraction, dates as dates). */
const asExcel = (result: TReportResult, values: Record<string, unknown>) =>
  result.columns.map((c) => {
    const v = values[c.key];
    if (v === null || v === undefined) return null;
    return c.kind === 'percent' ? (v as number) / 100 : v;
  });

describe('reportWorkbook', () => {
  it('writes the header block, the table, a bold totals row and the chart data, with numbers as numbers', async () => {
    const result: TReportResult = ZReportResult.parse({
      name: 'source-activity',
      title: 'Source activity',
      definition: ['Line one.', 'Line two.'],
      range: { from: '2026-01-01', to: '2026-03-31', preset: 'quarter' },
      applied: [
        { key: 'businessUnitId', label: 'Business unit', value: 'Engineering' },
        { key: 'source', label: 'Source', value: 'Referral' },
      ],
      headline: [],
      chart: { kind: 'bar', indexKey: 'source', series: [{ key: 'applied', label: 'Applications' }, { key: 'share', label: 'Share' }], data: [{ source: 'Referral', applied: 4, share: 80 }, { source: 'Agency', applied: 1, share: 20 }], unit: 'count', summary: '' },
      columns,
      rows: [
        { source: 'Referral', applied: 4, share: 80, avgDays: 12.5, since: '2026-01-01' },
        { source: 'Agency', applied: 1, share: 20, avgDays: null, since: '2026-02-15' },
      ],
      totals: { source: 'Total', applied: 5, share: 100, avgDays: null, since: null },
      totalRows: 2,
      empty: null,
      generatedAt: '2026-03-31T10:00:00.000Z',
    });
    const madeAt = new Date('2026-04-01T09:05:00Z');
    const book = await readWorkbook(await reportWorkbook(result, { company: 'Acme', madeAt, madeBy: 'Rita Reporter' }));
    const sheet = book.getWorksheet('Report')!;
    const header = ['Source activity', 'Company: Acme', 'Date range: 2026-01-01 to 2026-03-31 (This quarter)', 'Filters: Business unit: Engineering; Source: Referral', 'Made on 2026-04-01 09:05 UTC by Rita Reporter', 'How this is computed:', 'Line one.', 'Line two.'];
    expect(headerLines(result, { company: 'Acme', madeAt, madeBy: 'Rita Reporter' })).toEqual(header);
    header.forEach((line, i) => expect(sheet.getRow(i + 1).getCell(1).value).toBe(line));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const top = header.length + 2; // a blank row, then the table header
    expect(sheet.getRow(top - 1).getCell(1).value ?? null).toBeNull();
    expect(rowValues(sheet, top, 5)).toEqual(['Source', 'Applications', 'Share', 'Mean days to hire', 'Counted since']);
    expect(rowValues(sheet, top + 1, 5)).toEqual(['Referral', 4, 0.8, 12.5, '2026-01-01']);
    expect(rowValues(sheet, top + 2, 5)).toEqual(['Agency', 1, 0.2, null, '2026-02-15']);
    expect(sheet.getRow(top + 1).getCell(5).value).toBeInstanceOf(Date);
    expect(sheet.getRow(top + 1).getCell(3).numFmt).toBe('0.0%');
    expect(sheet.getRow(top + 1).getCell(4).numFmt).toBe('0.0');
    expect(rowValues(sheet, top + 3, 5)).toEqual(['Total', 5, 1, null, null]);
    expect(sheet.getRow(top + 3).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(top + 3);

    const chart = book.getWorksheet('Chart data')!;
    expect(rowValues(chart, 1, 3)).toEqual(['Source', 'Applications', 'Share']);
    expect(rowValues(chart, 2, 3)).toEqual(['Referral', 4, 80]);
    expect(rowValues(chart, 3, 3)).toEqual(['Agency', 1, 20]);
  });

  it('says when the report has no date range and no filters', async () => {
    const result = ZReportResult.parse({
      name: 'vacancy-ageing', title: 'Vacancy ageing', definition: [], range: null, applied: [], headline: [],
      chart: { kind: 'none', indexKey: 'x', series: [], data: [], unit: 'count', summary: '' }, columns, rows: [], totals: null, totalRows: 0, empty: 'Nothing', generatedAt: '2026-01-01T00:00:00Z',
    });
    expect(headerLines(result, { company: 'All companies', madeAt: new Date('2026-01-01T00:00:00Z'), madeBy: 'Sam Super' }).slice(1, 4)).toEqual(['Company: All companies', 'Date range: not applicable to this report', 'Filters: none']);
  });
});

describe('POST /api/reports/:name/export', () => {
  it('403 without viewReports; 404 for a report that does not exist; 400 for a filter the report does not take', async () => {
    expect((await request(app).post('/api/reports/source-activity/export').set('Authorization', auth(t.plainA!))).status).toBe(403);
    expect((await request(app).post('/api/reports/no-such-report/export').set('Authorization', auth(t.reporterA!))).status).toBe(404);
    expect((await request(app).post('/api/reports/source-activity/export?asOf=2026-01-01').set('Authorization', auth(t.reporterA!))).status).toBe(400);
  });

  it("queues the export; the file holds exactly the report's table, totals and chart; only the asker downloads it", async () => {
    const shown = ZReportResult.parse((await request(app).get('/api/reports/source-activity').set('Authorization', auth(t.reporterA!)).expect(200)).body);
    // Acme's own numbers: 3 career site + 1 referral in range (the agency ones are too old, Globex's are not Acme's).
    expect(shown.rows.map((r) => [r.source, r.applied])).toEqual([['career_site', 3], ['referral', 1]]);

    const res = await request(app).post('/api/reports/source-activity/export').set('Authorization', auth(t.reporterA!));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^[a-f0-9]{24}$/) });
    const ready = await untilReady(t.reporterA!, res.body.jobId);
    expect(ready.fileName).toMatch(/^source-activity-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const job = await QueueJob.findById(res.body.jobId).lean();
    expect(job?.name).toBe('export.report');

    const file = await download(t.reporterA!, ready.fileUrl!);
    expect(file.status).toBe(200);
    const book = await readWorkbook(file.body as Buffer);
    const sheet = book.getWorksheet('Report')!;
    const lines = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => String(sheet.getRow(n).getCell(1).value));
    expect(lines).toEqual([
      'Source activity',
      'Company: Acme',
      `Date range: ${shown.range!.from} to ${shown.range!.to} (Last 90 days)`,
      'Filters: none',
      expect.stringMatching(/^Made on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by Rita Reporter$/),
      'How this is computed:',
      ...shown.definition,
    ]);
    const top = 10;
    expect(rowValues(sheet, top, 5)).toEqual(shown.columns.map((c) => c.label));
    shown.rows.forEach((r, i) => expect(rowValues(sheet, top + 1 + i, 5)).toEqual(asExcel(shown, r)));
    expect(rowValues(sheet, top + 1 + shown.rows.length, 5)).toEqual(asExcel(shown, shown.totals!));
    expect(rowValues(sheet, top + 1 + shown.rows.length, 5).slice(0, 3)).toEqual(['Total', 4, 1]);
    const chart = book.getWorksheet('Chart data')!;
    expect(rowValues(chart, 2, 2)).toEqual(['career_site', 3]);

    // Another user of the company, another company, and the super admin: there is no such export for them.
    for (const token of [t.otherReporterA!, t.reporterB!, t.superAdmin!]) {
      expect((await status(token, res.body.jobId)).status).toBe(404);
      expect((await download(token, ready.fileUrl!)).status).toBe(404);
    }
  });

  it('exports the filtered view as filtered (the filter named in the header)', async () => {
    const res = await request(app).post('/api/reports/source-activity/export?source=referral&preset=last30').set('Authorization', auth(t.reporterA!)).expect(202);
    const ready = await untilReady(t.reporterA!, res.body.jobId);
    const sheet = (await readWorkbook((await download(t.reporterA!, ready.fileUrl!)).body as Buffer)).getWorksheet('Report')!;
    expect(String(sheet.getRow(3).getCell(1).value)).toMatch(/\(Last 30 days\)$/);
    expect(sheet.getRow(4).getCell(1).value).toBe('Filters: Source: Referral');
    expect(rowValues(sheet, 11, 3)).toEqual(['referral', 1, 1]);
  });
});

describe('POST /api/superadmin/reports/:name/export', () => {
  it("the super admin's export of every company downloads for them alone", async () => {
    expect((await request(app).post('/api/superadmin/reports/source-activity/export').set('Authorization', auth(t.reporterA!))).status).toBe(403);
    const res = await request(app).post('/api/superadmin/reports/source-activity/export').set('Authorization', auth(t.superAdmin!));
    expect(res.status).toBe(202);
    const ready = await untilReady(t.superAdmin!, res.body.jobId);
    const job = await QueueJob.findById(res.body.jobId).lean();
    expect(job?.customerId ?? null).toBeNull();
    const file = await download(t.superAdmin!, ready.fileUrl!);
    expect(file.status).toBe(200);
    const sheet = (await readWorkbook(file.body as Buffer)).getWorksheet('Report')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Company: All companies');
    // Acme's 3 + Globex's 5 career-site applications, and Acme's referral.
    expect(rowValues(sheet, 11, 2)).toEqual(['career_site', 8]);
    expect(rowValues(sheet, 12, 2)).toEqual(['referral', 1]);
    expect(rowValues(sheet, 13, 2)).toEqual(['Total', 9]);

    // Company users never reach the platform's export, whatever their rights.
    for (const token of [t.reporterA!, t.reporterB!]) {
      expect((await status(token, res.body.jobId)).status).toBe(404);
      expect((await download(token, ready.fileUrl!)).status).toBe(404);
    }
  });
});
