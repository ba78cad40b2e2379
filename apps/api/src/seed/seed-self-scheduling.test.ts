import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { Customer } from '../modules/org/customer.model';
import { SelfScheduleLink } from '../modules/interviews/self-scheduling/self-schedule-link.model';
import { buildInterviewCompany } from '../modules/interviews/interviews.test-support';
import { DemoSelfScheduleToken, seedSelfScheduling } from './seed-self-scheduling';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
}, 60_000);
afterAll(() => ctx.stop());

describe('the demo self-scheduling link', () => {
  it('gives Acme one open link whose page lists the coming week\'s free slots, once', async () => {
    const co = await buildInterviewCompany(ctx.app, ctx.config, { applicants: 2 });
    await Customer.updateOne({ _id: co.co.customerId }, { $set: { slug: 'acme' } });
    expect(await seedSelfScheduling()).not.toBeNull();
    expect(await seedSelfScheduling()).toBeNull();
    expect(await SelfScheduleLink.countDocuments({ customerId: co.co.customerId })).toBe(1);
    const page = await request(ctx.app).get(`/schedule/${DemoSelfScheduleToken}`).expect(200);
    expect(page.text).toContain('Intro call · Backend Engineer at');
    expect(page.text).toContain('type="radio"');
  });
});
