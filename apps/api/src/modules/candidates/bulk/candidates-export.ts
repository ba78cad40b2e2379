import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import { ApplicationSourceLabels } from '@hireflow/contracts/candidates';
import { exportJob, type ExportPayload } from '../../exports/exports.service';
import { XlsxType } from '../../users/users-export';
import { Job } from '../../jobs/job.model';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { CandidateActivity } from '../candidate-activity.model';

export const CandidatesExportColumns = [
  { header: 'First name', key: 'firstName', width: 16 },
  { header: 'Last name', key: 'lastName', width: 16 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Phone', key: 'phone', width: 16 },
  { header: 'Current title', key: 'currentTitle', width: 24 },
  { header: 'Current company', key: 'currentCompany', width: 22 },
  { header: 'Location', key: 'location', width: 20 },
  { header: 'Years of experience', key: 'experienceYears', width: 10 },
  { header: 'Skills', key: 'skills', width: 30 },
  { header: 'Tags', key: 'tags', width: 20 },
  { header: 'Source', key: 'source', width: 12 },
  { header: 'Jobs', key: 'jobs', width: 30 },
  { header: 'Consent given', key: 'consentAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Consent source', key: 'consentSource', width: 22 },
  { header: 'Added', key: 'createdAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Last activity', key: 'lastActivityAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
];

export function candidatesExportFileName(now = new Date()) {
  return `candidates-${now.toISOString().slice(0, 10)}.xlsx`;
}

type Payload = ExportPayload & { candidateIds: string[] };

/**
 * The selected candidates as an .xlsx (one row each, by name), in the background. Each exported
 * candidate gets an `exported` entry: the privacy audit trail of who took their data out, and when.
 * The asker was checked when the export was started; the job reads their company's candidates only.
 */
export const CandidatesExportJob = exportJob<Payload>('export.candidates', async ({ customerId, requestedBy, candidateIds }, ctx) => {
  const company = new Types.ObjectId(customerId);
  const filter = { customerId: company, mergedIntoId: null, _id: { $in: candidateIds.map((id) => new Types.ObjectId(id)) } };
  const total = await Candidate.countDocuments(filter);
  await ctx.progress(0, `Writing ${total} candidates…`);
  const jobTitles = new Map<string, string>();
  const titleOf = async (ids: Types.ObjectId[]) => {
    const missing = ids.filter((id) => !jobTitles.has(String(id)));
    if (missing.length) for (const j of await Job.find({ customerId: company, _id: { $in: missing } }, { title: 1 }).lean()) jobTitles.set(String(j._id), j.title);
    return ids.map((id) => jobTitles.get(String(id)) ?? '').filter(Boolean).join(', ');
  };

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Candidates');
  sheet.columns = CandidatesExportColumns;
  sheet.getRow(1).font = { bold: true };
  const exported: Types.ObjectId[] = [];
  const step = Math.max(1, Math.ceil(total / 20));
  const cursor = Candidate.find(filter).sort({ lastName: 1, firstName: 1, _id: 1 }).lean<CandidateDoc[]>().cursor({ batchSize: 500 });
  for await (const c of cursor) {
    sheet.addRow({
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      currentTitle: c.currentTitle,
      currentCompany: c.currentCompany,
      location: c.location,
      experienceYears: c.experienceYears ?? null,
      skills: c.skills.join(', '),
      tags: c.tags.join(', '),
      source: ApplicationSourceLabels[c.source],
      jobs: await titleOf(c.jobIds),
      consentAt: c.consentAt ?? null,
      consentSource: c.consentSource,
      createdAt: c.createdAt,
      lastActivityAt: c.lastActivityAt,
    });
    exported.push(c._id);
    if (exported.length % step === 0) await ctx.progress((exported.length / Math.max(total, 1)) * 90, `${exported.length} of ${total} candidates written`);
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  // A retry after a crash writes the file again; the audit keeps one entry per export and candidate.
  await ctx.progress(95, 'Recording the export…');
  const exportId = String(ctx.job._id);
  const recorded = new Set(
    (await CandidateActivity.find({ customerId: company, kind: 'exported', 'data.exportId': exportId }, { candidateId: 1 }).lean()).map((r) => String(r.candidateId)),
  );
  const by = new Types.ObjectId(requestedBy);
  await recordCandidateActivity(
    exported
      .filter((id) => !recorded.has(String(id)))
      .map((candidateId) => ({ customerId: company, candidateId, kind: 'exported' as const, by, summary: 'Exported to Excel', data: { format: 'xlsx', exportId } })),
  );
  return { buffer, fileName: candidatesExportFileName(), contentType: XlsxType };
});
