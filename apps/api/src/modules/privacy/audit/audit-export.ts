import ExcelJS from 'exceljs';
import { bufferSink } from '../../../lib/spreadsheet';
import { Types } from 'mongoose';
import { AuditActionLabels } from '@hireflow/contracts/privacy';
import type { Config } from '../../../config';
import { exportJob, startExport, type ExportPayload } from '../../exports/exports.service';
import { Customer } from '../../org/customer.model';
import { XlsxType } from '../../users/users-export';
import { auditActorOf, recordExportAudit } from './audit';
import { AuditEntry, type AuditEntryDoc } from './audit-entry.model';
import { auditFilter, auditSort, presentAuditEntry, type AuditFilters } from './audit-query';

type Payload = ExportPayload & { filters: AuditFilters; madeBy: string; askedAt: string };

export const AuditExportColumns = [
  { header: 'When (UTC)', key: 'at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
  { header: 'Who', key: 'who', width: 24 },
  { header: 'Action', key: 'action', width: 26 },
  { header: 'Person', key: 'person', width: 24 },
  { header: 'Detail', key: 'detail', width: 48 },
];

export const auditExportFileName = (at: Date) => `audit-trail-${at.toISOString().slice(0, 10)}.xlsx`;

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.toISOString().slice(0, 10)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;

/** The filters in words, for the file's header block. */
async function filtersInWords(customerId: Types.ObjectId, f: AuditFilters) {
  const parts: string[] = [];
  if (f.person) parts.push(`Person: "${f.person}"`);
  if (f.userId) parts.push(`User: ${(await auditActorOf(customerId, new Types.ObjectId(f.userId))).name}`);
  if (f.action) parts.push(`Action: ${AuditActionLabels[f.action]}`);
  if (f.from || f.to) parts.push(`Dates: ${f.from ?? 'the first entry'} to ${f.to ?? 'today'}`);
  return parts.length ? `Filters: ${parts.join('; ')}` : 'Filters: none';
}

/**
 * The trail as the page filters it, every matching entry up to the moment it was asked, newest first: a
 * header block (title, company, filters, when and by whom), a blank row, then one row per entry. Streamed
 * with a cursor so a long trail never sits in memory as documents.
 */
export const AuditExportJob = exportJob<Payload>('export.privacy-audit', async ({ customerId, filters, madeBy, askedAt }, ctx) => {
  const company = new Types.ObjectId(customerId);
  const filter = auditFilter(company, filters, new Date(askedAt));
  const total = await AuditEntry.countDocuments(filter);
  await ctx.progress(0, `Writing ${total} entries…`);
  const companyName = (await Customer.findById(company, { name: 1 }).lean())?.name ?? '';

  const { out, buffer } = bufferSink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Audit trail');
  sheet.columns = AuditExportColumns.map(({ key, width }) => ({ key, width }));
  const header = ['Audit trail', `Company: ${companyName}`, await filtersInWords(company, filters), `Made on ${stamp(new Date(askedAt))} by ${madeBy}`];
  header.forEach((line, i) => {
    const row = sheet.addRow([line]);
    if (i === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  sheet.addRow([]).commit();
  const titles = sheet.addRow(AuditExportColumns.map((c) => c.header));
  titles.font = { bold: true };
  titles.commit();

  const step = Math.max(1, Math.ceil(total / 20));
  let written = 0;
  const cursor = AuditEntry.find(filter).sort(auditSort).lean<AuditEntryDoc[]>().cursor({ batchSize: 1000 });
  for await (const doc of cursor) {
    const e = presentAuditEntry(doc as AuditEntryDoc);
    const row = sheet.addRow([new Date(e.at), e.actor.name, AuditActionLabels[e.action], e.person?.name ?? '', e.detail]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    row.commit();
    if (++written % step === 0) await ctx.progress((written / Math.max(total, 1)) * 95, `${written} of ${total} entries written`);
  }
  sheet.commit();
  await workbook.commit();
  return { buffer: await buffer(), fileName: auditExportFileName(new Date(askedAt)), contentType: XlsxType };
});

/**
 * POST PrivacyApi.auditExport: queues the file (exports mechanism: progress, the asker's alone, expiry) and
 * records the export in the trail itself. Answers the job id.
 */
export async function startAuditExport({ config, customerId, actor, filters, now }: { config: Config; customerId: Types.ObjectId; actor: { id: Types.ObjectId; name: string }; filters: AuditFilters; now: Date }) {
  const payload: Payload = { customerId: String(customerId), requestedBy: String(actor.id), filters, madeBy: actor.name, askedAt: now.toISOString() };
  const started = await startExport({ config, definition: AuditExportJob, payload });
  await recordExportAudit({ customerId, userId: actor.id, at: now, detail: 'Audit trail exported' });
  return started;
}
