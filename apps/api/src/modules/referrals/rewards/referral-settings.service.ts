import { Types } from 'mongoose';
import { fromMinorUnits, toMinorUnits } from '@hireflow/contracts/offers';
import type { TReferralSettings, TReferralSettingsInput } from '@hireflow/contracts/referral-rewards';
import { AppError } from '../../../lib/app-error';
import { Job } from '../../jobs/job.model';
import { Department } from '../../org/department.model';
import { loadRefs, refOf } from '../../jobs/refs';
import { ReferralSettings, loadReferralSettings } from '../referral-settings.model';

type Minor = { currency: string; amountMinor: number };
const toMinor = (r: { currency: string; amount: string }): Minor => ({ currency: r.currency, amountMinor: toMinorUnits(r.amount, r.currency)! });
const toAmount = (r: Minor) => ({ currency: r.currency, amount: fromMinorUnits(r.amountMinor, r.currency) });

/** The company's referral rules as the settings page shows them, names resolved; `canEdit` for advanceSettings. */
export async function getReferralSettings({ customerId, canEdit }: { customerId: Types.ObjectId; canEdit: boolean }): Promise<TReferralSettings> {
  const s = await loadReferralSettings(customerId);
  const departmentIds = s.overrides.map((o) => o.departmentId).filter((id): id is Types.ObjectId => Boolean(id));
  const jobIds = s.overrides.map((o) => o.jobId).filter((id): id is Types.ObjectId => Boolean(id));
  const [refs, jobs] = await Promise.all([
    loadRefs(customerId, { users: [s.updatedBy], departments: departmentIds }),
    jobIds.length ? Job.find({ customerId, _id: { $in: jobIds } }, { title: 1 }).lean() : [],
  ]);
  const jobNames = new Map(jobs.map((j) => [String(j._id), { id: String(j._id), name: j.title }]));
  return {
    defaultReward: s.defaultReward ? toAmount(s.defaultReward) : null,
    overrides: s.overrides.map((o) => ({
      department: o.departmentId ? (refOf(refs.departments, o.departmentId) ?? { id: String(o.departmentId), name: 'Deleted department' }) : null,
      job: o.jobId ? (jobNames.get(String(o.jobId)) ?? { id: String(o.jobId), name: 'Deleted job' }) : null,
      reward: toAmount(o.reward),
    })),
    payableAfterDays: s.payableAfterDays,
    excludeHiringTeam: s.excludeHiringTeam,
    excludeRecruiters: s.excludeRecruiters,
    creditWindowDays: s.creditWindowDays,
    rewardKnownCandidates: s.rewardKnownCandidates,
    updatedAt: s.updatedAt ? new Date(s.updatedAt).toISOString() : null,
    updatedBy: refOf(refs.users, s.updatedBy),
    canEdit,
  };
}

/** Saves the rules in one upsert; overrides must name the company's own departments and jobs (else 400). */
export async function saveReferralSettings({ customerId, actorId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TReferralSettingsInput }) {
  const departmentIds = [...new Set(input.overrides.flatMap((o) => (o.departmentId ? [o.departmentId] : [])))];
  const jobIds = [...new Set(input.overrides.flatMap((o) => (o.jobId ? [o.jobId] : [])))];
  const [departments, jobs] = await Promise.all([
    departmentIds.length ? Department.countDocuments({ customerId, _id: { $in: departmentIds } }) : 0,
    jobIds.length ? Job.countDocuments({ customerId, _id: { $in: jobIds } }) : 0,
  ]);
  if (departments !== departmentIds.length) throw AppError.badRequest('overrides: a department is not one of your company’s departments');
  if (jobs !== jobIds.length) throw AppError.badRequest('overrides: a job is not one of your company’s jobs');
  const seen = new Set<string>();
  for (const o of input.overrides) {
    const key = o.jobId ? `job:${o.jobId}` : `department:${o.departmentId}`;
    if (seen.has(key)) throw AppError.badRequest(`overrides: the same ${o.jobId ? 'job' : 'department'} is listed twice`);
    seen.add(key);
  }
  await ReferralSettings.updateOne(
    { customerId },
    {
      $set: {
        defaultReward: input.defaultReward ? toMinor(input.defaultReward) : null,
        overrides: input.overrides.map((o) => ({
          departmentId: o.departmentId ? new Types.ObjectId(o.departmentId) : null,
          jobId: o.jobId ? new Types.ObjectId(o.jobId) : null,
          reward: toMinor(o.reward),
        })),
        payableAfterDays: input.payableAfterDays,
        excludeHiringTeam: input.excludeHiringTeam,
        excludeRecruiters: input.excludeRecruiters,
        creditWindowDays: input.creditWindowDays,
        rewardKnownCandidates: input.rewardKnownCandidates,
        updatedBy: actorId,
      },
    },
    { upsert: true },
  );
}
