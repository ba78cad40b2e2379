import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import type { Config } from '../../../config';
import type { TRewardEligibility } from '@hireflow/contracts/referrals';
import { applyToJob } from '../../candidates/applications/apply.service';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { Referral } from '../referral.model';

/**
 * A pipeline company (see buildPipelineCompany) whose referral settings pay EUR 1000.00 after 30 days, with
 * `referred` people referred to its job by `approver1` (an employee on no hiring team): credited and eligible
 * unless told otherwise. Referrals are written as the refer call writes them (the application through applyToJob).
 */
export async function buildRewardCompany(app: Express, config: Config, { referred = 2, payableAfterDays = 30 }: { referred?: number; payableAfterDays?: number } = {}) {
  const built = await buildPipelineCompany(app, config, { applicants: 0, headcount: 2 });
  const { co } = built;
  const saved = await request(app)
    .put('/api/referral-settings')
    .set('Authorization', co.admin.auth)
    .send({ defaultReward: { currency: 'EUR', amount: '1000.00' }, overrides: [], payableAfterDays, excludeHiringTeam: true, excludeRecruiters: true, creditWindowDays: 180, rewardKnownCandidates: false });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  const referralApplicationIds: string[] = [];
  for (let i = 0; i < referred; i++) referralApplicationIds.push(await addReferral(built, `Friend${i}`));
  return { ...built, referrer: co.approver1, referralApplicationIds };
}
export type RewardCompany = Awaited<ReturnType<typeof buildRewardCompany>>;

/** One more person referred to the job by approver1; answers the application id. */
export async function addReferral(rc: Pick<RewardCompany, 'co' | 'job'>, firstName: string, { credited = true, rewardEligibility = 'eligible' as TRewardEligibility } = {}) {
  const { co, job } = rc;
  const referrerId = co.approver1.user._id;
  const email = `${firstName.toLowerCase()}.${new Types.ObjectId().toHexString().slice(-6)}@example.test`;
  const { applicationId } = await applyToJob({
    customerId: co.customerId,
    job,
    input: { firstName, lastName: 'Doe', email, phone: '', answers: [] },
    resume: null,
    source: 'referral',
    origin: { referrerId },
    alsoInTransaction: async (session, applied) => {
      await Referral.create(
        [{ customerId: co.customerId, referrerId, jobId: job._id, candidateId: applied.candidateId, applicationId: applied.applicationId, firstName, lastName: 'Doe', email, relationship: 'friend', alreadyKnown: false, credited, rewardEligibility, referredAt: new Date() }],
        { session },
      );
    },
  });
  return String(applicationId);
}
