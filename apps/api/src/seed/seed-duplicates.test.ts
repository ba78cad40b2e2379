import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { StageKinds } from '@hireflow/contracts/jobs';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { seedDemoData } from './seed';
import { DemoDuplicateEmails } from './seed-duplicates';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 240_000);
afterAll(() => ctx.stop());

describe('demo duplicates', () => {
  it('gives the Acme recruiter duplicates to merge by phone format, name + company, and phone with a country code', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const recruiter = (await User.findOne({ customerId: acme._id, email: /^recruiter@/ }).lean())!;
    const auth = `Bearer ${await tokenFor(ctx.config, recruiter)}`;
    const byEmail = async (email: string) => (await Candidate.findOne({ customerId: acme._id, email }).lean())!;
    const dupesOf = async (id: unknown) => (await request(ctx.app).get(`/api/candidates/${String(id)}/duplicates`).set('Authorization', auth)).body.items as { id: string; reasons: string[] }[];

    const priya = await byEmail(DemoDuplicateEmails[0]);
    const priyaHome = await byEmail(DemoDuplicateEmails[1]);
    expect(await dupesOf(priya._id)).toEqual([expect.objectContaining({ id: String(priyaHome._id), reasons: ['phone'] })]);
    const tomas = await byEmail(DemoDuplicateEmails[2]);
    expect((await dupesOf(tomas._id)).map((d) => d.reasons)).toEqual([['name_company']]);
    const mei = await byEmail(DemoDuplicateEmails[3]);
    expect((await dupesOf(mei._id)).map((d) => d.reasons)).toEqual([['phone']]);

    // Merging Priya: both were on the same job, the application further along stays, the counts stay right.
    const merged = await request(ctx.app).post(`/api/candidates/${String(priya._id)}/merge`).set('Authorization', auth).send({ otherId: String(priyaHome._id) });
    expect(merged.body).toMatchObject({ movedApplications: 1, droppedApplications: 1 });
    for (const job of await Job.find({ customerId: acme._id, _id: { $in: priya.jobIds } }).lean()) {
      const apps = await Application.find({ customerId: acme._id, jobId: job._id }).lean();
      expect(job.applicantCount).toBe(apps.length);
      for (const stage of job.stages) expect((job.stageCounts as Record<string, number>)[String(stage._id)] ?? 0).toBe(apps.filter((a) => String(a.stageId) === String(stage._id)).length);
      for (const kind of StageKinds) expect(job.kindCounts?.[kind] ?? 0).toBe(apps.filter((a) => a.stageKind === kind).length);
    }
  });
});
