import { Types } from 'mongoose';
import { AgencyLimits, basisPointsToFeePercent, type TAgencySubmissionList } from '@hireflow/contracts/agencies';
import { coarseStatusOf } from '@hireflow/contracts/referrals';
import { formatMoney, fromMinorUnits } from '@hireflow/contracts/offers';
import { AppError } from '../../../lib/app-error';
import { Job } from '../../jobs/job.model';
import { Application } from '../../candidates/applications/application.model';
import { Agency } from '../agency.model';
import { AgencyUser } from '../agency-user.model';
import { AgencySubmission } from '../agency-submission.model';

const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency), currency);

/** What an agency submitted, newest first, with each candidate's coarse status and any placement fee. */
export async function listAgencySubmissions({ customerId }: { customerId: Types.ObjectId }, id: string, page: number): Promise<TAgencySubmissionList> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Agency');
  const agency = await Agency.findOne({ customerId, _id: new Types.ObjectId(id) }, { _id: 1 }).lean();
  if (!agency) throw AppError.notFound('Agency');
  const pageSize = AgencyLimits.pageSize;
  const filter = { customerId, agencyId: agency._id };
  const [rows, total] = await Promise.all([
    AgencySubmission.find(filter).sort({ submittedAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean(),
    AgencySubmission.countDocuments(filter),
  ]);
  const [applications, jobs, users] = await Promise.all([
    Application.find({ customerId, _id: { $in: rows.map((r) => r.applicationId) } }, { stageId: 1, stageKind: 1, candidateEmail: 1, candidateName: 1 }).lean(),
    Job.find({ customerId, _id: { $in: rows.map((r) => r.jobId) } }, { title: 1, stages: 1 }).lean(),
    AgencyUser.find({ customerId, _id: { $in: rows.map((r) => r.agencyUserId) } }, { name: 1, email: 1 }).lean(),
  ]);
  const appOf = new Map(applications.map((a) => [String(a._id), a]));
  const jobOf = new Map(jobs.map((j) => [String(j._id), j]));
  const userOf = new Map(users.map((u) => [String(u._id), u]));
  const items = rows.map((r) => {
    const application = appOf.get(String(r.applicationId));
    const job = jobOf.get(String(r.jobId));
    const user = userOf.get(String(r.agencyUserId));
    const firstStageId = job?.stages[0]?._id;
    const status = application
      ? coarseStatusOf({ stageKind: application.stageKind, inFirstStage: Boolean(firstStageId && String(firstStageId) === String(application.stageId)) })
      : 'not_selected';
    const p = r.placement;
    return {
      id: String(r._id),
      candidateName: application?.candidateName || r.candidateName,
      candidateEmail: application?.candidateEmail || r.emailKey,
      job: { id: String(r.jobId), name: job?.title ?? 'Deleted job' },
      applicationId: String(r.applicationId),
      submittedBy: user ? { id: String(user._id), name: user.name, email: user.email } : { id: String(r.agencyUserId), name: 'Former agency user', email: '' },
      submittedAt: r.submittedAt.toISOString(),
      status,
      placement: p
        ? { base: money(p.baseMinor, p.currency), feePercent: basisPointsToFeePercent(p.feeBasisPoints), fee: money(p.feeMinor, p.currency), currency: p.currency, at: p.at.toISOString() }
        : null,
    };
  });
  return { items, total, page, pageSize };
}
