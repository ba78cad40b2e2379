import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { StageKinds } from '@hireflow/contracts/jobs';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { seedDemoData } from './seed';
import { BusyJobApplicants } from './seed-busy-job';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 180_000);
afterAll(() => ctx.stop());

const acmeId = async () => (await Customer.findOne({ slug: 'acme' }).lean())!._id;
const userOf = async (email: string) => (await User.findOne({ customerId: await acmeId(), email }).lean())!;
const authOf = async (email: string) => `Bearer ${await tokenFor(ctx.config, await userOf(email))}`;

describe('the busy demo job', () => {
  it('has 1,500 more applicants, mostly new, whose counts, stage events and candidates agree', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const recruiter = await userOf('recruiter@acme.test');
    const hm = await userOf('hm@acme.test');
    const job = (await Job.findOne({ customerId: acme._id, status: 'open' }).sort({ applicantCount: -1 }).lean())!;
    expect(job.applicantCount).toBeGreaterThanOrEqual(BusyJobApplicants);
    expect(job.recruiterIds.map(String)).toContain(String(recruiter._id));
    expect(String(job.hiringManagerId)).toBe(String(hm._id));

    const apps = await Application.find({ customerId: acme._id, jobId: job._id }, { stageId: 1, stageKind: 1, candidateId: 1 }).lean();
    expect(apps).toHaveLength(job.applicantCount);
    const counts = job.stageCounts as Record<string, number>;
    for (const stage of job.stages) expect(counts[String(stage._id)] ?? 0).toBe(apps.filter((a) => String(a.stageId) === String(stage._id)).length);
    for (const kind of StageKinds) expect(job.kindCounts?.[kind] ?? 0).toBe(apps.filter((a) => a.stageKind === kind).length);
    const first = apps.filter((a) => String(a.stageId) === String(job.stages[0]!._id)).length;
    expect(first).toBeGreaterThan(apps.length / 2);
    expect(apps.filter((a) => a.stageKind === 'rejected').length).toBeGreaterThan(100);
    expect(apps.filter((a) => a.stageKind === 'hired')).toHaveLength(0);
    expect(await StageEvent.countDocuments({ customerId: acme._id, jobId: job._id, fromStageId: null })).toBe(apps.length);
    const candidates = await Candidate.find({ customerId: acme._id, jobIds: job._id }, { stageKinds: 1 }).lean();
    expect(candidates).toHaveLength(apps.length);
  });

  it('fills the demo recruiter’s speed screening, oldest first with a résumé, and the hiring manager’s dashboard card', async () => {
    const recruiter = await authOf('recruiter@acme.test');
    const busy = (await Job.findOne({ customerId: await acmeId(), status: 'open' }).sort({ applicantCount: -1 }).lean())!;
    const queue = await request(ctx.app).get('/api/speed-screening').query({ jobId: String(busy._id) }).set('Authorization', recruiter);
    expect(queue.status).toBe(200);
    expect(queue.body.total).toBeGreaterThan(800);
    const entered = (queue.body.items as { card: { stageEnteredAt: string } }[]).map((i) => i.card.stageEnteredAt);
    expect(entered).toEqual([...entered].sort());
    const withResume = (queue.body.items as { resume: unknown; card: { applicationId: string } }[]).filter((i) => i.resume);
    expect(withResume.length).toBeGreaterThan(10);
    for (const email of ['recruiter@acme.test', 'hm@acme.test']) {
      const preview = await request(ctx.app).get(`/api/applications/${withResume[0]!.card.applicationId}/resume-preview`).set('Authorization', await authOf(email));
      expect(['pdf', 'html']).toContain(preview.body.kind);
    }
    const summary = await request(ctx.app).get('/api/speed-screening/summary').set('Authorization', await authOf('hm@acme.test'));
    expect(summary.body.jobs[0]).toMatchObject({ jobId: String(busy._id), title: busy.title });
    expect(summary.body.jobs[0].count).toBe(queue.body.total);
  });
});
