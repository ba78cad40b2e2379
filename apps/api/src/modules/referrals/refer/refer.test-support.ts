import request from 'supertest';
import type { Express } from 'express';
import type { Config } from '../../../config';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { ReferralSettings } from '../referral-settings.model';
import { DefaultReferralSettings } from '@hireflow/contracts/referral-rewards';

/**
 * A company with an open job "Backend Engineer" (recruiter `recruiter`, hiring manager `hm`, interviewer
 * `employee`: all on its hiring team) and, off the team, the employee `approver1` and the recruiter
 * `approver2`; one career-site applicant already on the job.
 */
export async function buildReferralCompany(app: Express, config: Config) {
  const pc = await buildPipelineCompany(app, config, { applicants: 1 });
  return { ...pc, jobId: String(pc.job._id) };
}
export type ReferralCompany = Awaited<ReturnType<typeof buildReferralCompany>>;

/** Saves the company's referral rules (the defaults with a EUR 1,500.00 reward unless told otherwise). */
export async function setReferralSettings(rc: ReferralCompany, overrides: Partial<{ defaultReward: { currency: string; amountMinor: number } | null; excludeHiringTeam: boolean; excludeRecruiters: boolean; creditWindowDays: number; rewardKnownCandidates: boolean }> = {}) {
  const { overrides: _none, defaultReward: _default, ...rules } = DefaultReferralSettings;
  await ReferralSettings.updateOne(
    { customerId: rc.co.customerId },
    { $set: { ...rules, defaultReward: { currency: 'EUR', amountMinor: 150_000 }, overrides: [], ...overrides } },
    { upsert: true },
  );
}

export type Friend = { firstName?: string; lastName?: string; email?: string; phone?: string; relationship?: string; note?: string; campaignId?: string };

/** POST the refer form (multipart) as `auth`, with an optional résumé. */
export function refer(app: Express, auth: string, jobId: string, friend: Friend = {}, resume?: { buffer: Buffer; name: string; type: string }) {
  const fields = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.test', phone: '', relationship: 'worked_together', note: 'Great engineer', ...friend };
  let req = request(app).post(`/api/referrals/jobs/${jobId}`).set('Authorization', auth);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) req = req.field(k, v);
  if (resume) req = req.attach('resume', resume.buffer, { filename: resume.name, contentType: resume.type });
  return req;
}
