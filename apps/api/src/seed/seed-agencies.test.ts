import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import bcrypt from 'bcrypt';
import type { TAgency, TAgencyList, TAgencySubmissionList } from '@hireflow/contracts/agencies';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { AgencyUser } from '../modules/agencies/agency-user.model';
import { DemoAgency, DemoPassword } from './demo-accounts';
import { seedDemoData } from './seed';
import { seedAgencies } from './seed-agencies';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 240_000);
afterAll(() => ctx.stop());

describe('demo agencies', () => {
  it('give Acme an approved TalentBridge with its demo user and submissions in several states, and an agency waiting for Ada', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const auth = async (email: string) => `Bearer ${await tokenFor(ctx.config, (await User.findOne({ customerId: acme._id, email }).lean())!)}`;
    await seedAgencies({ passwordHash: 'unused' }); // a second run adds nothing
    const ada = await auth('admin@acme.test');

    const list = (await request(ctx.app).get('/api/agencies').set('Authorization', ada).expect(200)).body as TAgencyList;
    expect(list.items.map((a) => [a.name, a.status]).sort()).toEqual([
      ['Northwind Talent', 'pending'],
      [DemoAgency.name, 'active'],
    ]);
    const summary = list.items.find((a) => a.id === DemoAgency.id)!;
    expect(summary).toMatchObject({ feePercent: '15', submissionCount: 5, hireCount: 0, contactEmail: DemoAgency.user.email });
    expect(summary.jobCount).toBeGreaterThanOrEqual(2);

    const bridge = (await request(ctx.app).get(`/api/agencies/${DemoAgency.id}`).set('Authorization', ada).expect(200)).body as TAgency;
    expect(bridge.signInUrl).toBe(`${ctx.config.publicUrl}/agencies-login/acme/${DemoAgency.id}`);
    expect(bridge.users).toEqual([expect.objectContaining({ name: 'Tara Bridge', email: DemoAgency.user.email, status: 'active' })]);
    expect(bridge.approval.status).toBe('approved');
    expect(bridge.approval.history.map((h) => [h.action, h.by?.name])).toEqual([
      ['submitted', 'Rita Recruiter'],
      ['approved', 'Ada Admin'],
    ]);
    expect(bridge.invitedBy.name).toBe('Rita Recruiter');
    const jobs = await Job.find({ customerId: acme._id, _id: { $in: bridge.jobs.map((j) => j.id) } }).lean();
    expect(jobs.every((j) => j.status === 'open')).toBe(true);

    const tara = (await AgencyUser.findOne({ customerId: acme._id, email: DemoAgency.user.email }).lean())!;
    expect(tara.isContact).toBe(true);
    expect(await bcrypt.compare(DemoPassword, tara.passwordHash!)).toBe(true);

    const subs = (await request(ctx.app).get(`/api/agencies/${DemoAgency.id}/submissions`).set('Authorization', ada).expect(200)).body as TAgencySubmissionList;
    expect(subs.total).toBe(5);
    expect(new Set(subs.items.map((s) => s.status)).size).toBeGreaterThanOrEqual(4);
    expect(subs.items.every((s) => s.submittedBy.name === 'Tara Bridge')).toBe(true);
    const apps = await Application.find({ customerId: acme._id, agencyId: DemoAgency.id }).lean();
    expect(apps).toHaveLength(5);
    expect(apps.every((a) => a.source === 'agency')).toBe(true);
    // The jobs' stage counts still add up to their applicants after the moves.
    for (const job of await Job.find({ customerId: acme._id, _id: { $in: apps.map((a) => a.jobId) } }).lean()) {
      const counted = Object.values(job.stageCounts as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(counted).toBe(await Application.countDocuments({ customerId: acme._id, jobId: job._id }));
    }

    const waiting = await request(ctx.app).get('/api/approvals?kind=agency&view=pending').set('Authorization', ada).expect(200);
    expect(waiting.body.items.map((i: { title: string; detail: string }) => [i.title, i.detail])).toEqual([['Northwind Talent', '12.5% fee, 1 job, contact Nora West <nora@northwind-talent.test>']]);
    const rita = await auth('recruiter@acme.test');
    await request(ctx.app).get('/api/agencies').set('Authorization', rita).expect(200);
  });
});
