import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany, requisitionBody, type JobsCompany } from '../../jobs/jobs.test-support';
import { Job, type JobDoc } from '../../jobs/job.model';
import { OutboxMail } from '../../mail/outbox.model';
import { applyToJob } from '../applications/apply.service';
import { Application } from '../applications/application.model';
import { StageEvent } from '../applications/stage-event.model';
import { Candidate } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { recordCandidateActivity } from '../candidate-activity';
import { createCandidate } from '../intake/create-candidate';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
/** Ada applied to the HM's job and was added to another job the HM is not on. */
let adaId: string;
let bobId: string;
let hmJobId: string;
let otherJobId: string;
let globexCandidateId: string;

async function openJob(co: JobsCompany, title: string, team: Record<string, unknown>) {
  const created = await request(app).post('/api/jobs').set('Authorization', co.recruiter.auth).send({ ...requisitionBody(co, { jobCodeId: null, title }), team });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const loadJob = async (co: JobsCompany, id: string) => (await Job.findOne({ customerId: co.customerId, _id: id }).lean()) as JobDoc;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  [acme, globex] = await Promise.all([buildJobsCompany(ctx.config), buildJobsCompany(ctx.config)]);
  hmJobId = await openJob(acme, 'Backend Engineer', { hiringManagerId: acme.hm.id, recruiterIds: [acme.recruiter.id], interviewerIds: [], followerIds: [] });
  otherJobId = await openJob(acme, 'Data Analyst', { hiringManagerId: null, recruiterIds: [acme.recruiter.id], interviewerIds: [], followerIds: [] });
  const applied = await applyToJob({
    customerId: acme.customerId,
    job: await loadJob(acme, hmJobId),
    input: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0001', answers: [{ questionId: 'q1', label: 'Why us?', answer: 'Engines' }] },
    resume: null,
    source: 'career_site',
  });
  adaId = String(applied.candidateId);
  const added = await request(app).post(`/api/candidates/${adaId}/applications`).set('Authorization', acme.recruiter.auth).send({ jobId: otherJobId });
  expect(added.status).toBe(201);
  const bob = await createCandidate({
    customerId: acme.customerId,
    by: acme.recruiter.user._id,
    fields: { firstName: 'Bob', lastName: 'Builder', email: 'bob@example.test', phone: '', location: 'Leeds', currentTitle: 'Engineer', currentCompany: 'Fixit', experienceYears: 4, skills: ['go'], tags: [] },
    source: 'sourced',
    consentSource: 'Added by a recruiter',
  });
  bobId = String(bob._id);
  const other = await createCandidate({
    customerId: globex.customerId,
    by: null,
    fields: { firstName: 'Gina', lastName: 'Globex', email: 'gina@example.test', phone: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null, skills: [], tags: [] },
    source: 'import',
    consentSource: 'Imported',
  });
  globexCandidateId = String(other._id);
});
afterAll(() => ctx.stop());

describe('GET /api/candidates/:id', () => {
  it('gives a recruiter the whole profile with every application and its stage, and audits the view once an hour', async () => {
    const res = await request(app).get(`/api/candidates/${adaId}`).set('Authorization', acme.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: adaId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', source: 'career_site', consentSource: 'Career site apply form', limited: false, canEdit: true, pinned: false, mergedIntoId: null });
    expect(res.body.consentAt).toEqual(expect.any(String));
    expect(res.body.applications.map((a: { job: { title: string }; stage: { kind: string }; source: string }) => [a.job.title, a.stage.kind, a.source]).sort()).toEqual([
      ['Backend Engineer', 'screening', 'career_site'],
      ['Data Analyst', 'screening', 'sourced'],
    ]);
    await request(app).get(`/api/candidates/${adaId}`).set('Authorization', acme.recruiter.auth).expect(200);
    const views = await CandidateActivity.find({ customerId: acme.customerId, candidateId: adaId, kind: 'viewed' }).lean();
    expect(views).toHaveLength(1);
    expect(String(views[0]!.by)).toBe(acme.recruiter.id);
  });

  it("shows a hiring manager only their job's application and its timeline, without edit", async () => {
    const res = await request(app).get(`/api/candidates/${adaId}`).set('Authorization', acme.hm.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limited: true, canEdit: false });
    expect(res.body.applications.map((a: { job: { title: string } }) => a.job.title)).toEqual(['Backend Engineer']);
    const timeline = await request(app).get(`/api/candidates/${adaId}/timeline`).set('Authorization', acme.hm.auth);
    expect(timeline.status).toBe(200);
    expect(timeline.body.items.map((e: { kind: string }) => e.kind)).toEqual(['applied']);
    expect(timeline.body.items[0].job).toEqual({ id: hmJobId, title: 'Backend Engineer' });
  });

  it('answers 404 to a plain employee, to another company, for an unknown id and for a malformed one', async () => {
    expect((await request(app).get(`/api/candidates/${adaId}`).set('Authorization', acme.employee.auth)).status).toBe(404);
    expect((await request(app).get(`/api/candidates/${bobId}`).set('Authorization', acme.hm.auth)).status).toBe(404);
    expect((await request(app).get(`/api/candidates/${adaId}`).set('Authorization', globex.recruiter.auth)).status).toBe(404);
    expect((await request(app).get(`/api/candidates/${globexCandidateId}`).set('Authorization', acme.admin.auth)).status).toBe(404);
    expect((await request(app).get('/api/candidates/64e000000000000000000009').set('Authorization', acme.recruiter.auth)).status).toBe(404);
    expect((await request(app).get('/api/candidates/not-an-id').set('Authorization', acme.recruiter.auth)).status).toBe(404);
    expect((await request(app).get(`/api/candidates/${adaId}`)).status).toBe(401);
  });

  it('sends a merged-away candidate on to the one it was merged into', async () => {
    const gone = await createCandidate({
      customerId: acme.customerId,
      by: null,
      fields: { firstName: 'Bobby', lastName: 'Builder', email: '', phone: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null, skills: [], tags: [] },
      source: 'import',
      consentSource: 'Imported',
    });
    await Candidate.updateOne({ customerId: acme.customerId, _id: gone._id }, { $set: { mergedIntoId: bobId } });
    const res = await request(app).get(`/api/candidates/${gone._id}`).set('Authorization', acme.recruiter.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: String(gone._id), mergedIntoId: bobId });
  });
});

describe('GET /api/candidates/:id/timeline', () => {
  it('pages newest first, each entry once, until the start of the story', async () => {
    const fresh = await createCandidate({
      customerId: acme.customerId,
      by: null,
      fields: { firstName: 'Tim', lastName: 'Line', email: 'tim@example.test', phone: '', location: '', currentTitle: '', currentCompany: '', experienceYears: null, skills: [], tags: [] },
      source: 'import',
      consentSource: 'Imported',
      at: new Date('2026-01-01T00:00:00Z'),
    });
    const base = Date.parse('2026-02-01T00:00:00Z');
    // 40 entries, some sharing a timestamp, after the "created" one.
    await recordCandidateActivity(
      Array.from({ length: 40 }, (_, i) => ({ customerId: acme.customerId, candidateId: fresh._id, kind: 'email_sent' as const, by: null, summary: `Mail ${i}`, at: new Date(base + Math.floor(i / 2) * 60_000) })),
    );
    const first = await request(app).get(`/api/candidates/${fresh._id}/timeline`).set('Authorization', acme.recruiter.auth);
    expect(first.body.items).toHaveLength(30);
    expect(first.body.nextBefore).toEqual(expect.any(String));
    const second = await request(app).get(`/api/candidates/${fresh._id}/timeline`).query({ before: first.body.nextBefore }).set('Authorization', acme.recruiter.auth);
    expect(second.body.nextBefore).toBeNull();
    const all = [...first.body.items, ...second.body.items] as { id: string; at: string; summary: string }[];
    expect(all).toHaveLength(41);
    expect(new Set(all.map((e) => e.id)).size).toBe(41);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect(all.at(-1)!.summary).toBe('Added to the database');
    expect((await request(app).get(`/api/candidates/${fresh._id}/timeline`).query({ before: 'nope' }).set('Authorization', acme.recruiter.auth)).status).toBe(400);
  });
});

describe('PATCH /api/candidates/:id', () => {
  it('lets a recruiter change fields, keeps the match keys and puts old -> new on the timeline', async () => {
    const res = await request(app)
      .patch(`/api/candidates/${bobId}`)
      .set('Authorization', acme.recruiter.auth)
      .send({ currentCompany: 'Buildco', phone: '+44 113 496 0000', skills: ['go', 'rust'], location: 'Leeds' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentCompany: 'Buildco', phone: '+44 113 496 0000', skills: ['go', 'rust'], location: 'Leeds' });
    const stored = await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean();
    expect(stored).toMatchObject({ nameKey: 'bob builder|buildco', phoneKey: '1134960000' });
    const entry = await CandidateActivity.findOne({ customerId: acme.customerId, candidateId: bobId, kind: 'profile_updated' }).lean();
    expect(entry?.summary).toBe('Changed phone, current company, skills');
    expect((entry?.data as { changes: Record<string, unknown> }).changes).toEqual({
      phone: { from: '', to: '+44 113 496 0000' },
      currentCompany: { from: 'Fixit', to: 'Buildco' },
      skills: { from: ['go'], to: ['go', 'rust'] },
    });
  });

  it("answers 409 naming the other candidate when the email is someone else's", async () => {
    const res = await request(app).patch(`/api/candidates/${bobId}`).set('Authorization', acme.recruiter.auth).send({ email: 'ADA@example.test' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email address already belongs to Ada Lovelace.');
    expect(res.body.details).toMatchObject({ candidateId: adaId });
    expect((await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean())?.email).toBe('bob@example.test');
  });

  it('refuses a hiring manager (403) and a bad field (400)', async () => {
    const hm = await request(app).patch(`/api/candidates/${adaId}`).set('Authorization', acme.hm.auth).send({ firstName: 'Augusta' });
    expect(hm.status).toBe(403);
    const bad = await request(app).patch(`/api/candidates/${bobId}`).set('Authorization', acme.recruiter.auth).send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('email: must be a valid email address');
  });
});

describe('POST /api/candidates/:id/notes and mentions', () => {
  let colleague: { id: string; auth: string; email: string };

  beforeAll(async () => {
    const user = await buildUser({ customerId: acme.customerId, role: 'recruiter', firstName: 'Cleo' });
    colleague = { id: String(user._id), auth: `Bearer ${await tokenFor(ctx.config, user)}`, email: user.email };
  });

  it('stores the note, keeps it searchable, mails the colleague and lists it on their dashboard', async () => {
    const res = await request(app)
      .post(`/api/candidates/${bobId}/notes`)
      .set('Authorization', acme.recruiter.auth)
      .send({ text: 'Strong on distributed systems.\nAsk @Cleo about the Leeds team.', mentionIds: [colleague.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ text: 'Strong on distributed systems.\nAsk @Cleo about the Leeds team.', mentions: [{ id: colleague.id }], applicationId: null });
    expect((await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean())?.notesText).toContain('distributed systems');

    const mail = await OutboxMail.findOne({ to: colleague.email, kind: 'candidate-mention' }).lean();
    expect(mail?.subject).toMatch(/mentioned you in a note on Bob Builder/);
    expect(mail?.text).toContain(`/candidate/${bobId}`);

    const mentions = await request(app).get('/api/candidates/mentions').set('Authorization', colleague.auth);
    expect(mentions.status).toBe(200);
    expect(mentions.body.unread).toBe(1);
    expect(mentions.body.items[0]).toMatchObject({ candidate: { id: bobId, name: 'Bob Builder' }, excerpt: expect.stringContaining('distributed systems') });
    // The author is not mentioned and sees nothing.
    expect((await request(app).get('/api/candidates/mentions').set('Authorization', acme.recruiter.auth)).body.unread).toBe(0);

    const read = await request(app).post(`/api/candidates/mentions/${mentions.body.items[0].id}/read`).set('Authorization', colleague.auth);
    expect(read.status).toBe(200);
    expect((await request(app).get('/api/candidates/mentions').set('Authorization', colleague.auth)).body).toEqual({ items: [], unread: 0 });
    // Someone else's mention cannot be marked.
    expect((await request(app).post(`/api/candidates/mentions/${mentions.body.items[0].id}/read`).set('Authorization', acme.recruiter.auth)).status).toBe(404);

    const timeline = await request(app).get(`/api/candidates/${bobId}/timeline`).set('Authorization', acme.recruiter.auth);
    expect(timeline.body.items[0]).toMatchObject({ kind: 'note_added', by: { id: acme.recruiter.id } });
    expect(timeline.body.items[0].summary).toMatch(/^Note mentioning Cleo /);
  });

  it('refuses to mention a user of another company or an inactive one (400), and writes nothing', async () => {
    const before = await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean();
    const outsider = await request(app).post(`/api/candidates/${bobId}/notes`).set('Authorization', acme.recruiter.auth).send({ text: 'Hello', mentionIds: [globex.recruiter.id] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('You can only mention active colleagues of your company.');
    const inactive = await buildUser({ customerId: acme.customerId, status: 'inactive' });
    expect((await request(app).post(`/api/candidates/${bobId}/notes`).set('Authorization', acme.recruiter.auth).send({ text: 'Hello', mentionIds: [String(inactive._id)] })).status).toBe(400);
    // A plain employee on none of the candidate's jobs could not open the profile the mention links to.
    const blind = await request(app).post(`/api/candidates/${bobId}/notes`).set('Authorization', acme.recruiter.auth).send({ text: 'Hello', mentionIds: [acme.employee.id] });
    expect(blind.status).toBe(400);
    expect(blind.body.message).toMatch(/cannot open this candidate's profile/);
    expect((await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean())?.notesText).toBe(before?.notesText);
  });

  it("lets a hiring manager note an application of their job, which other limited viewers of other jobs don't see", async () => {
    const application = (await Application.findOne({ customerId: acme.customerId, candidateId: adaId, jobId: hmJobId }).lean())!;
    const general = await request(app).post(`/api/candidates/${adaId}/notes`).set('Authorization', acme.hm.auth).send({ text: 'General thought' });
    expect(general.status).toBe(400);
    const res = await request(app).post(`/api/candidates/${adaId}/notes`).set('Authorization', acme.hm.auth).send({ text: 'Great first call', applicationId: String(application._id) });
    expect(res.status).toBe(201);
    expect(res.body.job).toEqual({ id: hmJobId, title: 'Backend Engineer' });
    const notes = await request(app).get(`/api/candidates/${adaId}/notes`).set('Authorization', acme.hm.auth);
    expect(notes.body.items.map((n: { text: string }) => n.text)).toEqual(['Great first call']);
    // A note too long is refused with the limit.
    const long = await request(app).post(`/api/candidates/${bobId}/notes`).set('Authorization', acme.recruiter.auth).send({ text: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
  });
});

describe('POST /api/candidates/:id/applications', () => {
  it('puts the candidate in the first stage as sourced, moves the counts and the timeline, and refuses a second time', async () => {
    const before = await loadJob(acme, hmJobId);
    const firstStage = before.stages[0]!;
    const res = await request(app).post(`/api/candidates/${bobId}/applications`).set('Authorization', acme.recruiter.auth).send({ jobId: hmJobId });
    expect(res.status).toBe(201);
    const application = (await Application.findOne({ customerId: acme.customerId, _id: res.body.applicationId }).lean())!;
    expect(application).toMatchObject({ source: 'sourced', candidateName: 'Bob Builder' });
    expect(String(application.stageId)).toBe(String(firstStage._id));
    const after = await loadJob(acme, hmJobId);
    expect(after.applicantCount).toBe(before.applicantCount + 1);
    expect((after.stageCounts as Record<string, number>)[String(firstStage._id)]).toBe(((before.stageCounts as Record<string, number>)[String(firstStage._id)] ?? 0) + 1);
    expect((after.kindCounts as Record<string, number>)[firstStage.kind]).toBe(((before.kindCounts as Record<string, number> | undefined)?.[firstStage.kind] ?? 0) + 1);
    expect(await StageEvent.countDocuments({ customerId: acme.customerId, applicationId: application._id, fromStageId: null })).toBe(1);
    const bob = (await Candidate.findOne({ customerId: acme.customerId, _id: bobId }).lean())!;
    expect(bob.jobIds.map(String)).toEqual([hmJobId]);

    const timeline = await request(app).get(`/api/candidates/${bobId}/timeline`).set('Authorization', acme.recruiter.auth);
    expect(timeline.body.items[0]).toMatchObject({ kind: 'added_to_job', summary: 'Added to Backend Engineer', job: { id: hmJobId } });

    const again = await request(app).post(`/api/candidates/${bobId}/applications`).set('Authorization', acme.recruiter.auth).send({ jobId: hmJobId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This candidate is already on that job.');
    // Now on the HM's job, Bob is visible to the HM.
    expect((await request(app).get(`/api/candidates/${bobId}`).set('Authorization', acme.hm.auth)).status).toBe(200);
  });

  it("answers 404 for another company's job, 409 for a closed one and 403 for an interviewer who does not run the job", async () => {
    const foreignJob = await openJob(globex, 'Elsewhere', { hiringManagerId: null, recruiterIds: [globex.recruiter.id], interviewerIds: [], followerIds: [] });
    expect((await request(app).post(`/api/candidates/${bobId}/applications`).set('Authorization', acme.recruiter.auth).send({ jobId: foreignJob })).status).toBe(404);
    const closed = await openJob(acme, 'Closed Role', { hiringManagerId: null, recruiterIds: [acme.recruiter.id], interviewerIds: [], followerIds: [] });
    await Job.updateOne({ customerId: acme.customerId, _id: closed }, { $set: { status: 'closed' } });
    const refused = await request(app).post(`/api/candidates/${bobId}/applications`).set('Authorization', acme.recruiter.auth).send({ jobId: closed });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Candidates can only be added to a job that is a draft, open or on hold.');
    const interviewer = await buildUser({ customerId: acme.customerId, role: 'employee' });
    await Job.updateOne({ customerId: acme.customerId, _id: otherJobId }, { $push: { memberIds: interviewer._id } });
    const auth = `Bearer ${await tokenFor(ctx.config, interviewer)}`;
    expect((await request(app).post(`/api/candidates/${adaId}/applications`).set('Authorization', auth).send({ jobId: otherJobId })).status).toBe(403);
  });
});

describe('GET /api/applications/:id', () => {
  it("shows the application in its job's context to the job's team, and 404 to others", async () => {
    const application = (await Application.findOne({ customerId: acme.customerId, candidateId: adaId, jobId: hmJobId }).lean())!;
    const res = await request(app).get(`/api/applications/${application._id}`).set('Authorization', acme.hm.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      candidate: { id: adaId, name: 'Ada Lovelace', email: 'ada@example.test' },
      job: { id: hmJobId, title: 'Backend Engineer' },
      source: 'career_site',
      answers: [{ label: 'Why us?', answer: 'Engines' }],
    });
    expect(res.body.currentStageId).toBe(res.body.stages[0].id);
    expect(res.body.history).toHaveLength(1);
    expect(res.body.history[0]).toMatchObject({ from: null, to: { id: res.body.stages[0].id } });
    expect((await request(app).get(`/api/applications/${application._id}`).set('Authorization', acme.employee.auth)).status).toBe(404);
    expect((await request(app).get(`/api/applications/${application._id}`).set('Authorization', globex.admin.auth)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to every profile call on another company's candidate and writes nothing", async () => {
    const auth = globex.admin.auth;
    const calls = [
      request(app).get(`/api/candidates/${adaId}`).set('Authorization', auth),
      request(app).patch(`/api/candidates/${adaId}`).set('Authorization', auth).send({ firstName: 'Hacked' }),
      request(app).get(`/api/candidates/${adaId}/timeline`).set('Authorization', auth),
      request(app).get(`/api/candidates/${adaId}/notes`).set('Authorization', auth),
      request(app).post(`/api/candidates/${adaId}/notes`).set('Authorization', auth).send({ text: 'Hello' }),
      request(app).post(`/api/candidates/${adaId}/applications`).set('Authorization', auth).send({ jobId: hmJobId }),
      request(app).put(`/api/candidates/${adaId}/pin`).set('Authorization', auth),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const ada = (await Candidate.findOne({ customerId: acme.customerId, _id: adaId }).lean())!;
    expect(ada.firstName).toBe('Ada');
    expect(ada.notesText).not.toContain('Hello');
    expect(await CandidateActivity.countDocuments({ customerId: globex.customerId })).toBe(await CandidateActivity.countDocuments({ customerId: globex.customerId, candidateId: globexCandidateId }));
  });
});

describe('pins on the profile', () => {
  it('pins and unpins a visible candidate, lists it, and refuses an invisible one', async () => {
    expect((await request(app).put(`/api/candidates/${adaId}/pin`).set('Authorization', acme.hm.auth)).body).toEqual({ pinned: true });
    const listed = await request(app).get('/api/candidates/pinned').set('Authorization', acme.hm.auth);
    expect(listed.body.items.map((c: { id: string }) => c.id)).toEqual([adaId]);
    expect((await request(app).get(`/api/candidates/${adaId}`).set('Authorization', acme.hm.auth)).body.pinned).toBe(true);
    expect((await request(app).delete(`/api/candidates/${adaId}/pin`).set('Authorization', acme.hm.auth)).body).toEqual({ pinned: false });
    expect((await request(app).get('/api/candidates/pinned').set('Authorization', acme.hm.auth)).body.total).toBe(0);
    expect((await request(app).put(`/api/candidates/${globexCandidateId}/pin`).set('Authorization', acme.recruiter.auth)).status).toBe(404);
    expect((await request(app).put(`/api/candidates/${adaId}/pin`).set('Authorization', acme.employee.auth)).status).toBe(404);
  });
});
