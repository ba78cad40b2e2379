import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { AgencyPortalApi, AgencyPortalMessages, ZPortalJobList, ZPortalSubmission, ZPortalSubmissionList } from '@hireflow/contracts/agency-portal';
import { startTestApp } from '../../../test/test-app';
import { buildPipelineCompany, stageFinder } from '../../pipeline/pipeline.test-support';
import { openJobThroughApproval } from '../../jobs/jobs.test-support';
import { Job, type JobDoc } from '../../jobs/job.model';
import { Candidate } from '../../candidates/candidate.model';
import { Application } from '../../candidates/applications/application.model';
import { applyToJob } from '../../candidates/applications/apply.service';
import { mailsTo } from '../../auth/auth.test-support';
import { AgencySubmission } from '../agency-submission.model';
import { Agency } from '../agency.model';
import { addAgency, addAgencyUser } from '../agencies.test-support';

let app: Express;
let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const pdf = Buffer.from('%PDF-1.4\nthe résumé of Jane\n%%EOF');
let seq = 0;
const person = (first = 'Jane') => ({ firstName: first, lastName: 'Doe', email: `${first.toLowerCase()}.${++seq}.${new Types.ObjectId().toHexString().slice(-5)}@example.test` });

function submit(auth: string, fields: Record<string, string>, resume = false) {
  const req = request(app).post(AgencyPortalApi.submissions).set('Authorization', auth);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  if (resume) req.attach('resume', pdf, { filename: 'jane.pdf', contentType: 'application/pdf' });
  return req;
}

async function counts(customerId: Types.ObjectId) {
  return {
    candidates: await Candidate.countDocuments({ customerId }),
    applications: await Application.countDocuments({ customerId }),
    submissions: await AgencySubmission.countDocuments({ customerId }),
  };
}

/** A company with two open jobs (Backend Engineer, Data Engineer) and one agency assigned to the first. */
async function setup({ maxCandidatesPerJob = 10, shareSalary = false } = {}) {
  const { co, job } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
  const { jobId: otherJobId } = await openJobThroughApproval(app, co, { title: 'Data Engineer' });
  const agency = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, jobIds: [job._id], name: 'TalentBridge', maxCandidatesPerJob, shareSalary });
  return { co, job, otherJobId, agency };
}

describe('the portal: jobs', () => {
  it('lists only the open jobs assigned to the agency, with the salary band only when the company shares it, and counts what is left', async () => {
    const { co, job, otherJobId, agency } = await setup({ maxCandidatesPerJob: 3 });
    const list = await request(app).get(AgencyPortalApi.jobs).set('Authorization', agency.auth).expect(200);
    ZPortalJobList.parse(list.body);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: String(job._id), title: 'Backend Engineer', location: { name: 'Berlin' }, department: { name: 'Engineering' }, salaryBand: null, submitted: 0, remaining: 3 });
    expect((await request(app).get(`/api/agency-portal/jobs/${otherJobId}`).set('Authorization', agency.auth)).status).toBe(404);

    const sharing = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, jobIds: [job._id], shareSalary: true });
    const one = await request(app).get(`/api/agency-portal/jobs/${String(job._id)}`).set('Authorization', sharing.auth).expect(200);
    expect(one.body.salaryBand).toMatch(/^EUR 60,000 - 80,000 a year$/i);

    await submit(agency.auth, { jobId: String(job._id), ...person() }).expect(201);
    const after = await request(app).get(AgencyPortalApi.jobs).set('Authorization', agency.auth).expect(200);
    expect(after.body.items[0]).toMatchObject({ submitted: 1, remaining: 2 });

    // A job that is no longer open leaves the list.
    await Job.updateOne({ customerId: co.customerId, _id: job._id }, { $set: { status: 'on_hold' } });
    expect((await request(app).get(AgencyPortalApi.jobs).set('Authorization', agency.auth).expect(200)).body.total).toBe(0);
    expect((await request(app).get(`/api/agency-portal/jobs/${String(job._id)}`).set('Authorization', agency.auth)).status).toBe(404);
  });
});

describe('the portal: submitting', () => {
  it('creates an agency application in the first stage with the agency recorded, and tells the job recruiters', async () => {
    const { co, job, agency } = await setup();
    const jane = person();
    const res = await submit(agency.auth, { jobId: String(job._id), ...jane, phone: '+49 30 1234567', note: 'Strong in Go' }, true).expect(201);
    ZPortalSubmission.parse(res.body);
    expect(res.body).toMatchObject({ candidateName: 'Jane Doe', candidateEmail: jane.email, job: { id: String(job._id), name: 'Backend Engineer' }, submittedBy: { name: agency.user.name }, status: 'received' });
    const application = await Application.findOne({ customerId: co.customerId, candidateEmail: jane.email }).lean();
    expect(application).toMatchObject({ source: 'agency', stageId: job.stages[0]!._id });
    expect(String(application!.agencyId)).toBe(agency.id);
    expect(application!.resumeFileId).toBeTruthy();
    const stored = await AgencySubmission.findOne({ customerId: co.customerId, applicationId: application!._id }).lean();
    expect(stored).toMatchObject({ emailKey: jane.email, note: 'Strong in Go', candidateName: 'Jane Doe' });
    const [mail] = await mailsTo(app, co.recruiter.user.email);
    expect(mail!.subject).toBe('TalentBridge submitted Jane Doe to Backend Engineer');
  });

  it('refuses a paused agency (which can still sign in and follow its submissions), a job not assigned, and a bad form', async () => {
    const { co, job, otherJobId, agency } = await setup();
    await submit(agency.auth, { jobId: String(job._id), ...person() }).expect(201);
    await Agency.updateOne({ customerId: co.customerId, _id: agency.agency._id }, { $set: { status: 'paused' } });
    const before = await counts(co.customerId);
    const paused = await submit(agency.auth, { jobId: String(job._id), ...person() }).expect(403);
    expect(paused.body.message).toBe(AgencyPortalMessages.agencyPaused);
    expect((await request(app).get(AgencyPortalApi.submissions).set('Authorization', agency.auth).expect(200)).body.total).toBe(1);
    expect((await request(app).get(AgencyPortalApi.me).set('Authorization', agency.auth).expect(200)).body.agency.status).toBe('paused');
    await Agency.updateOne({ customerId: co.customerId, _id: agency.agency._id }, { $set: { status: 'active' } });

    const notMine = await submit(agency.auth, { jobId: otherJobId, ...person() }).expect(403);
    expect(notMine.body.message).toBe(AgencyPortalMessages.jobNotAssigned);
    const invalid = await submit(agency.auth, { jobId: String(job._id), firstName: 'Jane', lastName: 'Doe', email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(await counts(co.customerId)).toEqual(before);
  });

  it('stops at the most candidates per job the company allows', async () => {
    const { co, job, agency } = await setup({ maxCandidatesPerJob: 2 });
    await submit(agency.auth, { jobId: String(job._id), ...person('Ann') }).expect(201);
    await submit(agency.auth, { jobId: String(job._id), ...person('Bea') }).expect(201);
    const before = await counts(co.customerId);
    const third = await submit(agency.auth, { jobId: String(job._id), ...person('Cid') }).expect(409);
    expect(third.body.message).toBe(AgencyPortalMessages.jobLimitReached(2));
    expect(await counts(co.customerId)).toEqual(before);
  });
});

describe('the portal: duplicates', () => {
  it('refuses the same person again from the same agency, then from another agency (naming the first and when), storing nothing', async () => {
    const { co, job, otherJobId, agency } = await setup();
    await Agency.updateOne({ customerId: co.customerId, _id: agency.agency._id }, { $push: { jobIds: new Types.ObjectId(otherJobId) } });
    const jane = person();
    const first = await submit(agency.auth, { jobId: String(job._id), ...jane }).expect(201);
    const at = first.body.submittedAt as string;

    let before = await counts(co.customerId);
    const again = await submit(agency.auth, { jobId: String(job._id), ...jane, email: jane.email.toUpperCase() }).expect(409);
    expect(again.body.message).toBe(AgencyPortalMessages.duplicateSameJob);
    expect(await counts(co.customerId)).toEqual(before);

    // The same agency may put its own candidate forward for another of its jobs.
    await submit(agency.auth, { jobId: otherJobId, ...jane }).expect(201);

    const rival = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, jobIds: [job._id, new Types.ObjectId(otherJobId)], name: 'HeadHunters' });
    before = await counts(co.customerId);
    for (const jobId of [String(job._id), otherJobId]) {
      const refused = await submit(rival.auth, { jobId, ...jane }).expect(409);
      expect(refused.body.message).toBe(AgencyPortalMessages.duplicateByAgency('TalentBridge', at));
      expect(refused.body.message).toContain(`by TalentBridge on ${at.slice(0, 10)}`);
      expect(refused.body.details).toEqual({ firstSubmitter: 'TalentBridge', at });
    }
    expect(await counts(co.customerId)).toEqual(before);
  });

  it('lets only one of two colleagues submitting the same person to the job at once through', async () => {
    const { co, job, agency } = await setup();
    const colleague = await addAgencyUser(ctx.config, agency.agency, { name: 'Colin', email: `colin.${++seq}@talentbridge.test` });
    const jane = person();
    const answers = await Promise.all([agency.auth, colleague.auth].map((auth) => submit(auth, { jobId: String(job._id), ...jane })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    // The loser is told it is a duplicate (which rule it meets depends on how far the winner had got).
    expect([AgencyPortalMessages.duplicateSameJob, AgencyPortalMessages.duplicateInDatabase(answers.find((r) => r.status === 409)!.body.details.at)]).toContain(
      answers.find((r) => r.status === 409)!.body.message,
    );
    expect(await AgencySubmission.countDocuments({ customerId: co.customerId, emailKey: jane.email })).toBe(1);
    expect(await Application.countDocuments({ customerId: co.customerId, candidateEmail: jane.email })).toBe(1);
  });

  it('refuses a person already in the company database within 12 months, and accepts one known only longer ago', async () => {
    const { co, job, otherJobId, agency } = await setup();
    const known = person('Kim');
    const { candidateId } = await applyToJob({ customerId: co.customerId, job: (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean()) as JobDoc, input: { ...known, answers: [] }, resume: null, source: 'career_site' });
    const since = (await Candidate.findOne({ customerId: co.customerId, _id: candidateId }).lean())!.createdAt.toISOString();
    const before = await counts(co.customerId);
    const refused = await submit(agency.auth, { jobId: String(job._id), ...known }).expect(409);
    expect(refused.body.message).toBe(AgencyPortalMessages.duplicateInDatabase(since));
    expect(refused.body.details).toEqual({ firstSubmitter: null, at: since });
    expect(await counts(co.customerId)).toEqual(before);

    // Someone the company last saw 13 months ago is no longer "known": the agency may submit them.
    const old = person('Olga');
    const thirdJob = (await Job.findOne({ customerId: co.customerId, _id: otherJobId }).lean()) as JobDoc;
    const longAgo = new Date(Date.now() - 400 * 24 * 3600_000);
    const oldApplied = await applyToJob({ customerId: co.customerId, job: thirdJob, input: { ...old, answers: [] }, resume: null, source: 'career_site', at: longAgo });
    await Candidate.collection.updateOne({ _id: oldApplied.candidateId }, { $set: { createdAt: longAgo } });
    await submit(agency.auth, { jobId: String(job._id), ...old }).expect(201);

    // ...unless they are on this very job already (one application per person and job), however long ago.
    const onJob = person('Pat');
    const patApplied = await applyToJob({ customerId: co.customerId, job: (await Job.findOne({ customerId: co.customerId, _id: job._id }).lean()) as JobDoc, input: { ...onJob, answers: [] }, resume: null, source: 'career_site', at: longAgo });
    await Candidate.collection.updateOne({ _id: patApplied.candidateId }, { $set: { createdAt: longAgo } });
    const beforePat = await counts(co.customerId);
    const pat = await submit(agency.auth, { jobId: String(job._id), ...onJob }).expect(409);
    expect(pat.body.details).toEqual({ firstSubmitter: null, at: longAgo.toISOString() });
    expect(pat.body.message).toBe(AgencyPortalMessages.duplicateInDatabase(longAgo.toISOString()));
    expect(await counts(co.customerId)).toEqual(beforePat);
  });

  it('lets another agency submit, to another job, a person whose first submission is older than 12 months', async () => {
    const { co, job, otherJobId, agency } = await setup();
    const jane = person();
    await submit(agency.auth, { jobId: String(job._id), ...jane }).expect(201);
    const longAgo = new Date(Date.now() - 400 * 24 * 3600_000);
    await AgencySubmission.updateMany({ customerId: co.customerId, emailKey: jane.email }, { $set: { submittedAt: longAgo } });
    const app0 = await Application.findOne({ customerId: co.customerId, candidateEmail: jane.email }).lean();
    await Application.collection.updateOne({ _id: app0!._id }, { $set: { appliedAt: longAgo } });
    await Candidate.collection.updateOne({ _id: app0!.candidateId }, { $set: { createdAt: longAgo } });
    const rival = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, jobIds: [new Types.ObjectId(otherJobId)], name: 'Newcomers' });
    await submit(rival.auth, { jobId: otherJobId, ...jane }).expect(201);
  });
});

describe('the portal: submissions list and isolation', () => {
  it("shows every colleague's submissions of the agency, newest first, with a coarse status only; never another agency's or company's", async () => {
    const { co, job, agency } = await setup();
    const colleague = await addAgencyUser(ctx.config, agency.agency, { name: 'Colin Colleague', email: `colin.${++seq}@talentbridge.test` });
    const a = person('Ann');
    const b = person('Ben');
    await submit(agency.auth, { jobId: String(job._id), ...a }).expect(201);
    const second = await submit(colleague.auth, { jobId: String(job._id), ...b }).expect(201);

    // The company moves Ben on and rejects Ann with a reason, and writes a note.
    const stage = stageFinder(job);
    const annApp = await Application.findOne({ customerId: co.customerId, candidateEmail: a.email }).lean();
    const benApp = await Application.findOne({ customerId: co.customerId, candidateEmail: b.email }).lean();
    const move = (id: unknown, body: Record<string, unknown>) => request(app).post(`/api/applications/${String(id)}/move`).set('Authorization', co.recruiter.auth).send(body);
    expect((await move(benApp!._id, { stageId: stage('interview') })).status).toBe(200);
    expect((await move(annApp!._id, { stageId: stage('rejected'), reason: 'Not enough experience' })).status).toBe(200);
    const note = 'Secret internal note: salary expectations too high';
    expect((await request(app).post(`/api/candidates/${String(annApp!.candidateId)}/notes`).set('Authorization', co.recruiter.auth).send({ text: note, mentionIds: [] })).status).toBe(201);

    const other = await addAgency(ctx.config, { customerId: co.customerId, invitedBy: co.admin.user._id, jobIds: [job._id] });
    await submit(other.auth, { jobId: String(job._id), ...person('Oscar') }).expect(201);
    const elsewhere = await setup();
    await submit(elsewhere.agency.auth, { jobId: String(elsewhere.job._id), ...person('Eve') }).expect(201);

    const list = await request(app).get(AgencyPortalApi.submissions).set('Authorization', agency.auth).expect(200);
    ZPortalSubmissionList.parse(list.body);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((s: { candidateName: string; status: string; submittedBy: { name: string } }) => [s.candidateName, s.status, s.submittedBy.name])).toEqual([
      ['Ben Doe', 'interviewing', 'Colin Colleague'],
      ['Ann Doe', 'not_selected', agency.user.name],
    ]);
    expect(list.body.items[0].id).toBe(second.body.id);
    const json = JSON.stringify(list.body);
    expect(json).not.toContain('Not enough experience');
    expect(json).not.toContain(note);
    for (const s of job.stages) expect(json).not.toContain(`"${s.name}"`);
    expect(Object.keys(list.body.items[0]).sort()).toEqual(['candidateEmail', 'candidateName', 'id', 'job', 'status', 'submittedAt', 'submittedBy']);

    const byJob = await request(app).get(AgencyPortalApi.submissions).query({ jobId: String(elsewhere.job._id) }).set('Authorization', agency.auth).expect(200);
    expect(byJob.body.total).toBe(0);
    // Another company's job is invisible.
    expect((await request(app).get(`/api/agency-portal/jobs/${String(elsewhere.job._id)}`).set('Authorization', agency.auth)).status).toBe(404);
    const refused = await submit(agency.auth, { jobId: String(elsewhere.job._id), ...person() }).expect(403);
    expect(refused.body.message).toBe(AgencyPortalMessages.jobNotAssigned);
  });

  it('refuses a company user token on portal calls, and a missing token with 401', async () => {
    const { co } = await setup();
    const staff = await request(app).get(AgencyPortalApi.me).set('Authorization', co.recruiter.auth);
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe(AgencyPortalMessages.notAnAgencySession);
    expect((await request(app).get(AgencyPortalApi.jobs)).status).toBe(401);
  });
});

describe('the portal: colleagues and sign-out', () => {
  it('lets only the contact add a colleague, who is invited by mail; the same address twice is refused', async () => {
    const { agency } = await setup();
    const email = `newbie.${++seq}@talentbridge.test`;
    const added = await request(app).post(AgencyPortalApi.colleagues).set('Authorization', agency.auth).send({ name: 'Nina Newbie', email }).expect(201);
    expect(added.body).toMatchObject({ name: 'Nina Newbie', email, status: 'invited', isContact: false, lastLoginAt: null });
    const [mail] = await mailsTo(app, email);
    expect(mail!.text).toMatch(/\/agencies-login\/co-[^/]+\/[0-9a-f]{24}\?key=/);
    const twice = await request(app).post(AgencyPortalApi.colleagues).set('Authorization', agency.auth).send({ name: 'Nina', email: email.toUpperCase() }).expect(409);
    expect(twice.body.message).toBe(AgencyPortalMessages.colleagueExists);

    const colleague = await addAgencyUser(ctx.config, agency.agency, { name: 'Colin', email: `colin.${++seq}@talentbridge.test` });
    const refused = await request(app).post(AgencyPortalApi.colleagues).set('Authorization', colleague.auth).send({ name: 'X Y', email: `x.${++seq}@talentbridge.test` }).expect(403);
    expect(refused.body.message).toBe(AgencyPortalMessages.onlyContactAddsColleagues);
    const list = await request(app).get(AgencyPortalApi.colleagues).set('Authorization', colleague.auth).expect(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual([agency.user.name, 'Colin', 'Nina Newbie']);
  });

  it('signs out: the token stops working', async () => {
    const { agency } = await setup();
    await request(app).post(AgencyPortalApi.logout).set('Authorization', agency.auth).expect(204);
    expect((await request(app).get(AgencyPortalApi.me).set('Authorization', agency.auth)).status).toBe(401);
  });
});

