import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ZReferralSettings } from '@hireflow/contracts/referral-rewards';
import { startTestApp } from '../../../test/test-app';
import { buildJobsCompany } from '../../jobs/jobs.test-support';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { ReferralSettings } from '../referral-settings.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const Path = '/api/referral-settings';
const valid = (overrides: Record<string, unknown> = {}) => ({
  defaultReward: { currency: 'EUR', amount: '1000.00' },
  overrides: [],
  payableAfterDays: 90,
  excludeHiringTeam: true,
  excludeRecruiters: true,
  creditWindowDays: 180,
  rewardKnownCandidates: false,
  ...overrides,
});

describe('GET /api/referral-settings', () => {
  it('answers the defaults to any employee, editable only with advanceSettings', async () => {
    const co = await buildJobsCompany(ctx.config);
    const mine = await request(app).get(Path).set('Authorization', co.employee.auth).expect(200);
    expect(mine.body).toMatchObject({ defaultReward: null, overrides: [], payableAfterDays: 90, creditWindowDays: 180, excludeHiringTeam: true, updatedAt: null, updatedBy: null, canEdit: false });
    const admin = await request(app).get(Path).set('Authorization', co.admin.auth).expect(200);
    expect(admin.body.canEdit).toBe(true);
  });
});

describe('PUT /api/referral-settings', () => {
  it('refuses users without the advanceSettings right', async () => {
    const co = await buildJobsCompany(ctx.config);
    const res = await request(app).put(Path).set('Authorization', co.recruiter.auth).send(valid());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need the "advanceSettings" access right');
    expect(await ReferralSettings.countDocuments({ customerId: co.customerId })).toBe(0);
  });

  it('refuses amounts with more decimals than the currency has, and bad numbers', async () => {
    const co = await buildJobsCompany(ctx.config);
    const put = (body: object) => request(app).put(Path).set('Authorization', co.admin.auth).send(body);
    const cents = await put(valid({ defaultReward: { currency: 'EUR', amount: '1000.005' } }));
    expect(cents.status).toBe(400);
    expect(cents.body.message).toContain('has more decimals than EUR allows (2)');
    const yen = await put(valid({ defaultReward: { currency: 'JPY', amount: '1000.5' } }));
    expect(yen.status).toBe(400);
    expect(yen.body.message).toContain('has more decimals than JPY allows (0)');
    expect((await put(valid({ payableAfterDays: -1 }))).status).toBe(400);
    expect((await put(valid({ defaultReward: { currency: 'EURO', amount: '10' } }))).status).toBe(400);
    const both = await put(valid({ overrides: [{ departmentId: String(co.department._id), jobId: String(co.department._id), reward: { currency: 'EUR', amount: '5' } }] }));
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('Choose either a department or a job');
    expect(await ReferralSettings.countDocuments({ customerId: co.customerId })).toBe(0);
  });

  it("refuses overrides naming another company's department or job", async () => {
    const co = await buildJobsCompany(ctx.config);
    const other = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const put = (body: object) => request(app).put(Path).set('Authorization', co.admin.auth).send(body);
    const job = await put(valid({ overrides: [{ jobId: String(other.job._id), reward: { currency: 'EUR', amount: '2000' } }] }));
    expect(job.status).toBe(400);
    expect(job.body.message).toBe('overrides: a job is not one of your company’s jobs');
    const department = await put(valid({ overrides: [{ departmentId: String(other.co.department._id), reward: { currency: 'EUR', amount: '2000' } }] }));
    expect(department.status).toBe(400);
    expect(department.body.message).toBe('overrides: a department is not one of your company’s departments');
    expect(await ReferralSettings.countDocuments({ customerId: co.customerId })).toBe(0);
  });

  it('saves the rules in minor units and answers them with names; every employee then reads them', async () => {
    const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const body = valid({
      defaultReward: { currency: 'eur', amount: '1000' },
      overrides: [
        { departmentId: String(co.department._id), reward: { currency: 'EUR', amount: '1500.5' } },
        { jobId: String(job._id), reward: { currency: 'JPY', amount: '200000' } },
      ],
      payableAfterDays: 60,
    });
    const saved = await request(app).put(Path).set('Authorization', co.admin.auth).send(body).expect(200);
    expect(ZReferralSettings.safeParse(saved.body).success).toBe(true);
    expect(saved.body).toMatchObject({
      defaultReward: { currency: 'EUR', amount: '1000.00' },
      overrides: [
        { department: { id: String(co.department._id), name: 'Engineering' }, job: null, reward: { currency: 'EUR', amount: '1500.50' } },
        { department: null, job: { id: String(job._id), name: 'Backend Engineer' }, reward: { currency: 'JPY', amount: '200000' } },
      ],
      payableAfterDays: 60,
      updatedBy: { id: co.admin.id },
      canEdit: true,
    });
    expect(saved.body.updatedAt).toEqual(expect.any(String));
    const stored = await ReferralSettings.findOne({ customerId: co.customerId }).lean();
    expect(stored!.defaultReward).toEqual({ currency: 'EUR', amountMinor: 100000 });
    expect(stored!.overrides.map((o) => o.reward.amountMinor)).toEqual([150050, 200000]);

    // A second save replaces, never adds a second row.
    await request(app).put(Path).set('Authorization', co.admin.auth).send(valid({ defaultReward: null })).expect(200);
    expect(await ReferralSettings.countDocuments({ customerId: co.customerId })).toBe(1);
    const read = await request(app).get(Path).set('Authorization', co.employee.auth).expect(200);
    expect(read.body).toMatchObject({ defaultReward: null, overrides: [], canEdit: false });
  });

  it('refuses the same department twice', async () => {
    const co = await buildJobsCompany(ctx.config);
    const twice = { departmentId: String(co.department._id), reward: { currency: 'EUR', amount: '10' } };
    const res = await request(app).put(Path).set('Authorization', co.admin.auth).send(valid({ overrides: [twice, twice] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('overrides: the same department is listed twice');
  });
});
