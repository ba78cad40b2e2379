import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { Job } from '../modules/jobs/job.model';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { User } from '../modules/users/user.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { InterviewPlan } from '../modules/interviews/plans/interview-plan.model';
import { effectivePlan } from '../modules/interviews/plans/interview-plans.service';
import { DemoAttributes, seedInterviewPlans } from './seed-interview-plans';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo interview plans', () => {
  it('gives Acme an attribute library, a default plan, plans on open jobs, invitation templates and signatures, once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    const customerId = acme._id;
    const admin = await buildUser({ customerId, email: 'admin@acme.test', admin: true, firstName: 'Ada', lastName: 'Admin' });
    const hm = await buildUser({ customerId, email: 'hm@acme.test', role: 'employee', addlRoles: ['HM'] });
    const emp = await buildUser({ customerId, email: 'employee@acme.test', role: 'employee' });
    const open = await Job.create({ customerId, title: 'Backend Engineer', headcount: 1, status: 'open', hiringManagerId: hm._id, recruiterIds: [admin._id] });
    const second = await Job.create({ customerId, title: 'Designer', headcount: 1, status: 'open', hiringManagerId: hm._id, recruiterIds: [admin._id] });
    await seedInterviewPlans();
    await seedInterviewPlans();

    expect(await InterviewAttribute.countDocuments({ customerId })).toBe(DemoAttributes.length);
    const def = await InterviewPlan.findOne({ customerId, jobId: null }).lean();
    expect(def!.rounds.map((r) => r.name)).toEqual(['Phone screen', 'Technical interview', 'Onsite', 'Culture conversation']);
    const own = await effectivePlan(customerId, open._id);
    expect(own.inherited).toBe(false);
    expect(own.rounds.map((r) => r.name)).toEqual(['Phone screen', 'Technical interview', 'System design', 'Culture conversation']);
    expect(own.rounds[1]!.interviewerIds.map(String)).toContain(String(emp._id));
    expect(own.rounds.every((r) => r.attributeIds.length > 0)).toBe(true);
    expect((await effectivePlan(customerId, second._id)).inherited).toBe(true);
    expect(await MailTemplate.countDocuments({ customerId, kind: 'interview' })).toBe(2);
    expect((await User.findOne({ customerId, _id: admin._id }).lean())!.signature).toContain('<strong>Ada Admin</strong>');
  });
});
