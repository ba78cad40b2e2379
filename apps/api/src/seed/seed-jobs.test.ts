import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { StageKinds } from '@hireflow/contracts/jobs';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Approval } from '../modules/approvals/approval.model';
import { StatusEvent } from '../modules/jobs/status-event.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { seedDemoData } from './seed';
import { binaryBody } from '../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 240_000);
afterAll(() => ctx.stop());

describe('demo jobs, requisitions and applications', () => {
  it('gives Acme 25 jobs in every status over six months, with requisitions and approval histories', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    // (The two years of history before them, seed-history, are jobs without a requisition.)
    const jobs = await Job.find({ customerId: acme._id, requisitionId: { $ne: null } }).lean();
    expect(jobs).toHaveLength(25);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(['draft', 'pending_approval', 'open', 'on_hold', 'closed', 'filled']));
    expect(new Set(jobs.map((j) => String(j.departmentId))).size).toBeGreaterThanOrEqual(4);
    expect(new Set(jobs.map((j) => String(j.locationId))).size).toBe(3);
    const oldest = Math.min(...jobs.map((j) => j.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(150 * 86_400_000);
    expect(await Approval.countDocuments({ customerId: acme._id, kind: 'vacancy', 'decisions.0': { $exists: true } })).toBeGreaterThan(15);
    // A few were rejected once and approved after the requester submitted them again.
    const resubmitted = await Approval.find({ customerId: acme._id, kind: 'vacancy', round: 2 }).lean();
    expect(resubmitted.length).toBeGreaterThan(0);
    expect(resubmitted[0]!.decisions.map((d) => [d.round, d.decision])).toContainEqual([1, 'rejected']);
    expect(resubmitted[0]!.events.filter((e) => e.action === 'submitted')).toHaveLength(2);
    expect(await StatusEvent.countDocuments({ customerId: acme._id, entity: 'job', to: 'open' })).toBeGreaterThanOrEqual(18);
  });

  it('has a few hundred applications whose stage counts and stage histories agree', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const applications = await Application.countDocuments({ customerId: acme._id });
    expect(applications).toBeGreaterThan(200);
    const jobs = await Job.find({ customerId: acme._id }).lean();
    for (const job of jobs) {
      const counted = Object.values(job.stageCounts as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(counted).toBe(await Application.countDocuments({ customerId: acme._id, jobId: job._id }));
      for (const kind of StageKinds) expect(job.kindCounts?.[kind] ?? 0).toBe(await Application.countDocuments({ customerId: acme._id, jobId: job._id, stageKind: kind }));
    }
    expect(await StageEvent.countDocuments({ customerId: acme._id, fromStageId: null })).toBe(applications);
    expect(await StageEvent.countDocuments({ customerId: acme._id, toKind: 'hired' })).toBeGreaterThan(0);
  });

  it('shows the demo users their work: the approver has approvals waiting, Globex sees only its own jobs', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const admin = (await User.findOne({ customerId: acme._id, email: 'admin@acme.test' }).lean())!;
    const auth = `Bearer ${await tokenFor(ctx.config, admin)}`;
    const all = await request(ctx.app).get('/api/jobs?scope=all').set('Authorization', auth);
    expect(all.body.total).toBe(await Job.countDocuments({ customerId: acme._id }));
    expect(await Job.countDocuments({ customerId: acme._id, requisitionId: { $ne: null } })).toBe(25);
    const hm = (await User.findOne({ customerId: acme._id, email: 'hm@acme.test' }).lean())!;
    const mine = await request(ctx.app).get('/api/jobs?scope=mine').set('Authorization', `Bearer ${await tokenFor(ctx.config, hm)}`);
    expect(mine.body.total).toBeGreaterThan(5);
    expect(await Approval.countDocuments({ customerId: acme._id, kind: 'vacancy', status: 'pending' })).toBe(3);
    // The admin is the last step of the demo chain: what waits for them shows on their approvals list.
    const waiting = await request(ctx.app).get('/api/approvals?kind=vacancy&view=pending').set('Authorization', auth);
    expect(waiting.body.total).toBeGreaterThan(0);
    expect(waiting.body.items[0]).toMatchObject({ kind: 'vacancy', status: 'pending', currentApprover: { id: String(admin._id) } });
    const page = await request(ctx.app).get(waiting.body.items[0].link.replace('/vacancy-approval/', '/api/vacancy-approvals/')).set('Authorization', auth);
    expect(page.body).toMatchObject({ status: 'pending_approval', canDecide: true });

    const globex = (await Customer.findOne({ slug: 'globex' }).lean())!;
    const gAdmin = (await User.findOne({ customerId: globex._id, email: 'admin@globex.test' }).lean())!;
    const gAll = await request(ctx.app).get('/api/jobs?scope=all').set('Authorization', `Bearer ${await tokenFor(ctx.config, gAdmin)}`);
    expect(gAll.body.total).toBe(4);
    const careers = await request(ctx.app).get('/careers/acme');
    expect(careers.status).toBe(200);
    expect(careers.text).toContain('Open positions (');
  });

  it("gives most applicants a PDF résumé the recruiter can download, and career-site applicants' answers", async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const recent = (await Job.find({ customerId: acme._id, requisitionId: { $ne: null } }, { _id: 1 }).lean()).map((j) => j._id);
    const total = await Application.countDocuments({ customerId: acme._id, jobId: { $in: recent } });
    const withResume = await Application.find({ customerId: acme._id, jobId: { $in: recent }, resumeFileId: { $ne: null } }).lean();
    expect(withResume.length).toBeGreaterThan(total / 2);
    expect(await Application.countDocuments({ customerId: acme._id, source: 'career_site', 'answers.0.answer': { $exists: true } })).toBeGreaterThan(20);

    const recruiter = (await User.findOne({ customerId: acme._id, email: 'recruiter@acme.test' }).lean())!;
    const file = await request(ctx.app)
      .get(`/api/files/${String(withResume[0]!.resumeFileId)}`)
      .set('Authorization', `Bearer ${await tokenFor(ctx.config, recruiter)}`)
      .buffer(true)
      .parse(binaryBody);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = (file.body as Buffer).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(`(${withResume[0]!.candidateName}) Tj`);
    // The cross-reference table points at each object, so PDF viewers open it.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const firstObject = Number(/\n0000000000 65535 f \n(\d{10})/.exec(pdf)![1]);
    expect(pdf.slice(firstObject, firstObject + 7)).toBe('1 0 obj');
  });
});

describe('demo résumé text', () => {
  it('is extracted by the background worker, so search finds words from demo résumés', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const withResume = await Candidate.countDocuments({ customerId: acme._id, resumeFileId: { $ne: null } });
    expect(withResume).toBeGreaterThan(50);
    await ctx.worker.drain();
    expect(await Candidate.countDocuments({ customerId: acme._id, resumeFileId: { $ne: null }, resumeTextState: 'extracted' })).toBe(withResume);
    // The applicants' demo résumés (seed-jobs) name their last employer; their words are searchable.
    expect(await Candidate.countDocuments({ customerId: acme._id, resumeTextState: 'extracted', resumeText: /Northwind Traders/ })).toBeGreaterThan(50);
  }, 120_000);
});
