import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../test/factories';
import { bearer } from '../modules/auth/auth.test-support';
import { Spotlight } from '../modules/spotlight/spotlight.model';
import { seedSpotlight } from './seed-spotlight';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('the demo spotlight announcement', () => {
  it('is live on every company user’s dashboard, and seeding twice adds nothing', async () => {
    await buildUser({ superAdmin: true });
    await seedSpotlight();
    await seedSpotlight();
    expect(await Spotlight.countDocuments({})).toBe(1);
    const customer = await buildCustomer();
    for (const role of ['recruiter', 'employee'] as const) {
      const user = await buildUser({ customerId: customer._id, role });
      const res = await request(ctx.app).get('/api/spotlight').set(bearer(await tokenFor(ctx.config, user))).expect(200);
      expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['Welcome to Hireflow']);
    }
  });
});
