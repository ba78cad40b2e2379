import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app';
import { Referral } from '../referral.model';
import { buildReferralCompany, refer } from './refer.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('POST /api/referrals/jobs/:positionId under a flood', () => {
  it('refuses a user after 30 referral attempts in an hour, while a colleague still refers', async () => {
    const rc = await buildReferralCompany(ctx.app, ctx.config);
    for (let i = 0; i < 30; i++) expect((await refer(ctx.app, rc.co.approver1.auth, rc.jobId, { email: `bad-${i}` })).status).toBe(400);
    const refused = await refer(ctx.app, rc.co.approver1.auth, rc.jobId);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many referrals in a short time\. Please wait \d+ minutes?\.$/);
    await refer(ctx.app, rc.co.employee.auth, rc.jobId).expect(201);
    expect(await Referral.countDocuments({ customerId: rc.co.customerId })).toBe(1);
  });
});
