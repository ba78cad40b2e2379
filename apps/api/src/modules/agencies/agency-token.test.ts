import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { AgencyPortalMessages } from '@hireflow/contracts/agency-portal';
import { buildJobsCompany } from '../jobs/jobs.test-support';
import { addAgency } from './agencies.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => ctx.stop());

describe('an agency session', () => {
  it('is refused by company calls with 403, while the same company user token still works', async () => {
    const co = await buildJobsCompany(ctx.config);
    const { auth } = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id });
    const refused = await request(ctx.app).post('/api/loggedinuserdetails').set('Authorization', auth).send({});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AgencyPortalMessages.agencyTokenRefused);
    const users = await request(ctx.app).post('/api/user').set('Authorization', auth).send({});
    expect(users.status).toBe(403);
    const mine = await request(ctx.app).post('/api/loggedinuserdetails').set('Authorization', co.admin.auth).send({});
    expect(mine.status).toBe(200);
  });
});
