import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import type { Express } from 'express';
import { CandidateEmailTakenMessage } from '@hireflow/contracts/candidates';
import { MergeMessages } from '@hireflow/contracts/candidates-intake';
import { startTestApp } from '../../../test/test-app';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../../jobs/jobs.test-support';
import { Job, type JobDoc } from '../../jobs/job.model';
import { stageCountChanges } from '../../jobs/stage-counts';
import { Application } from '../applications/application.model';
import { StageEvent } from '../applications/stage-event.model';
import { applyToJob } from '../applications/apply.service';
import { Candidate } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { CandidatePin } from '../pins/candidate-pin.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let jobA: JobDoc;
let jobB: JobDoc;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  globex = await buildJobsCompany(ctx.config);
  const a = await openJobThroughApproval(app, acme, { title: 'Backend Engineer' });
  const b = await openJobThroughApproval(app, acme, { title: 'Data Engineer' });
  jobA = (await Job.findOne({ customerId: acme.customerId, _id: a.jobId }).lean()) as JobDoc;
  jobB = (await Job.findOne({ customerId: acme.customerId, _id: b.jobId }).lean()) as JobDoc;
});
afterAll(() => ctx.stop());

const post = (auth: string, path: string, body: unknown) => request(app).post(path).set('Authorization', auth).send(body as object);
const get = (auth: string, path: string) => request(app).get(path).set('Authorization', auth);

describe('POST /api/candidates', () => {
  it('adds a candidate (201) with a "created" entry on the timeline, source "sourced"', async () => {
    const res = await post(acme.recruiter.auth, '/api/candidates', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.test',
      phone: '+44 20 7946 0958',
      currentCompany: 'Analytical Engines',
      skills: ['Mathematics', 'Engines'],
      experienceYears: 12,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Ada', email: 'ada@example.test', source: 'sourced', skills: ['Mathematics', 'Engines'], experienceYears: 12 });
    const stored = await Candidate.findOne({ customerId: acme.customerId, _id: res.body.id }).lean();
    expect(stored).toMatchObject({ phoneKey: '2079460958', nameKey: 'ada lovelace|analytical engines', consentSource: 'Added by a recruiter' });
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, candidateId: stored!._id, kind: 'created' })).toBe(1);
  });

  it('409 naming the existing candidate when the email is taken, in any case', async () => {
    const first = await post(acme.admin.auth, '/api/candidates', { firstName: 'Bo', email: 'bo@example.test' });
    expect(first.status).toBe(201);
    const again = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Robert', email: 'BO@example.TEST' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CandidateEmailTakenMessage);
    expect(again.body.details).toEqual({ candidateId: first.body.id });
  });

  it('400 with the field named for bad input', async () => {
    const noName = await post(acme.recruiter.auth, '/api/candidates', { firstName: '  ', email: 'x@example.test' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('firstName: is required');
    const badEmail = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'X', email: 'not-an-email' });
    expect(badEmail.body.message).toBe('email: must be a valid email address');
    const badYears = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'X', experienceYears: -1 });
    expect(badYears.body.message).toBe('experienceYears: must not be negative');
  });

  it('403 for hiring managers and plain employees; 401 without a session', async () => {
    expect((await post(acme.hm.auth, '/api/candidates', { firstName: 'Hm' })).status).toBe(403);
    expect((await post(acme.employee.auth, '/api/candidates', { firstName: 'Em' })).status).toBe(403);
    expect((await request(app).post('/api/candidates').send({ firstName: 'Anon' })).status).toBe(401);
  });

  it('keeps companies apart: the same email is free in another company', async () => {
    await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Cy', email: 'cy@example.test' });
    const other = await post(globex.recruiter.auth, '/api/candidates', { firstName: 'Cy', email: 'cy@example.test' });
    expect(other.status).toBe(201);
    const dupes = await get(globex.recruiter.auth, '/api/candidates/duplicates?email=cy@example.test');
    expect(dupes.body.items.map((d: { id: string }) => d.id)).toEqual([other.body.id]);
  });
});

describe('duplicate detection', () => {
  let anchor: string;
  beforeAll(async () => {
    const res = await post(acme.recruiter.auth, '/api/candidates', {
      firstName: 'Dana',
      lastName: 'Scully',
      email: 'dana.scully@fbi.test',
      phone: '+1 (555) 010-0100',
      currentCompany: 'FBI',
    });
    anchor = res.body.id;
  });

  it('finds the same person by email in another case, by the phone in another format, and by name + company', async () => {
    const byEmail = await get(acme.recruiter.auth, '/api/candidates/duplicates?email=DANA.Scully@FBI.test');
    expect(byEmail.body.items).toEqual([expect.objectContaining({ id: anchor, reasons: ['email'], applications: 0 })]);
    const byPhone = await get(acme.recruiter.auth, '/api/candidates/duplicates?phone=5550100100');
    expect(byPhone.body.items).toEqual([expect.objectContaining({ id: anchor, reasons: ['phone'] })]);
    const byName = await get(acme.recruiter.auth, '/api/candidates/duplicates?firstName=dana&lastName=SCULLY&currentCompany=fbi');
    expect(byName.body.items).toEqual([expect.objectContaining({ id: anchor, reasons: ['name_company'] })]);
    // A name alone, without the company, is not enough.
    expect((await get(acme.recruiter.auth, '/api/candidates/duplicates?firstName=Dana&lastName=Scully')).body.items).toEqual([]);
    // Not for hiring managers, not across companies.
    expect((await get(acme.hm.auth, '/api/candidates/duplicates?phone=5550100100')).status).toBe(403);
    expect((await get(globex.recruiter.auth, '/api/candidates/duplicates?phone=5550100100')).body.items).toEqual([]);
  });

  it("lists a candidate's likely duplicates for the profile, never itself", async () => {
    const twin = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'D.', lastName: 'Scully', email: 'dscully@home.test', phone: '555 010 0100' });
    const res = await get(acme.recruiter.auth, `/api/candidates/${anchor}/duplicates`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { id: string }) => d.id)).toEqual([twin.body.id]);
    expect((await get(globex.recruiter.auth, `/api/candidates/${anchor}/duplicates`)).status).toBe(404);
  });

  it('an application on the career site keeps the match keys right when it fills blanks', async () => {
    const bare = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Fox', email: 'fox@fbi.test' });
    await applyToJob({ customerId: acme.customerId, job: jobB, input: { firstName: 'Fox', lastName: 'Mulder', email: 'fox@fbi.test', phone: '+1 555 010 0199', answers: [] }, resume: null, source: 'career_site' });
    const stored = await Candidate.findOne({ customerId: acme.customerId, _id: bare.body.id }).lean();
    expect(stored).toMatchObject({ lastName: 'Mulder', phoneKey: '5550100199', nameKey: 'fox mulder|' });
    const byPhone = await get(acme.recruiter.auth, '/api/candidates/duplicates?phone=(555) 010-0199');
    expect(byPhone.body.items.map((d: { id: string }) => d.id)).toEqual([bare.body.id]);
  });
});

describe('POST /api/candidates/:id/merge', () => {
  const apply = (job: JobDoc, email: string, first: string) =>
    applyToJob({ customerId: acme.customerId, job, input: { firstName: first, lastName: 'Reyes', email, answers: [] }, resume: null, source: 'career_site' });
  const moveStage = async (applicationId: Types.ObjectId, job: JobDoc, stageIndex: number) => {
    const app = await Application.findOne({ customerId: acme.customerId, _id: applicationId }).lean();
    const to = job.stages[stageIndex]!;
    await Application.updateOne({ customerId: acme.customerId, _id: applicationId }, { $set: { stageId: to._id, stageKind: to.kind, stageEnteredAt: new Date() } });
    await StageEvent.create({ customerId: acme.customerId, applicationId, jobId: job._id, candidateId: app!.candidateId, fromStageId: app!.stageId, fromKind: app!.stageKind, toStageId: to._id, toKind: to.kind, at: new Date() });
    await Job.updateOne({ customerId: acme.customerId, _id: job._id }, { $inc: stageCountChanges([{ stage: { _id: app!.stageId, kind: app!.stageKind }, by: -1 }, { stage: to, by: 1 }]) });
  };
  const counts = async (job: JobDoc) => {
    const j = await Job.findOne({ customerId: acme.customerId, _id: job._id }).lean();
    const nonZero = (counts: unknown) => Object.fromEntries(Object.entries((counts ?? {}) as Record<string, number>).filter(([, n]) => n !== 0));
    return { applicantCount: j!.applicantCount, stageCounts: nonZero(j!.stageCounts), kindCounts: nonZero(j!.kindCounts) };
  };

  it('moves the other candidate INTO this one with both histories, keeps the application further along, and fixes counts', async () => {
    // Monica: on job A (moved to stage 2) — Moni (the duplicate): on job A (stage 1) and job B.
    const m = await apply(jobA, 'monica@example.test', 'Monica');
    await moveStage(m.applicationId, jobA, 1);
    const d1 = await apply(jobA, 'moni.r@example.test', 'Moni');
    const d2 = await apply(jobB, 'moni.r@example.test', 'Moni');
    await Candidate.updateOne({ customerId: acme.customerId, _id: d1.candidateId }, { $set: { phone: '+1 555 010 0777', location: 'Lisbon', skills: ['Go', 'SQL'], tags: ['silver'], resumeFileId: 'file-of-moni', resumeFilename: 'moni.pdf' } });
    await Candidate.updateOne({ customerId: acme.customerId, _id: m.candidateId }, { $set: { location: 'Porto', skills: ['go', 'Rust'], tags: ['gold'] } });
    await CandidatePin.create({ customerId: acme.customerId, userId: acme.recruiter.user._id, candidateId: d1.candidateId, at: new Date() });
    await CandidatePin.create({ customerId: acme.customerId, userId: acme.admin.user._id, candidateId: d1.candidateId, at: new Date() });
    await CandidatePin.create({ customerId: acme.customerId, userId: acme.admin.user._id, candidateId: m.candidateId, at: new Date() });
    const aBefore = await counts(jobA);
    const bBefore = await counts(jobB);

    const res = await post(acme.recruiter.auth, `/api/candidates/${String(m.candidateId)}/merge`, { otherId: String(d1.candidateId) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ candidateId: String(m.candidateId), mergedId: String(d1.candidateId), movedApplications: 1, droppedApplications: 1 });

    const survivor = await Candidate.findOne({ customerId: acme.customerId, _id: m.candidateId }).lean();
    const other = await Candidate.findOne({ customerId: acme.customerId, _id: d1.candidateId }).lean();
    expect(other!.mergedIntoId).toEqual(m.candidateId);
    expect(other!.jobIds).toEqual([]);
    // Blank fields filled, lists unioned, the survivor's own values kept, the résumé taken over.
    expect(survivor).toMatchObject({ email: 'monica@example.test', location: 'Porto', phone: '+1 555 010 0777', phoneKey: '5550100777', resumeFileId: 'file-of-moni' });
    expect(survivor!.skills).toEqual(['go', 'Rust', 'SQL']);
    expect(survivor!.tags).toEqual(['gold', 'silver']);
    expect(survivor!.jobIds.map(String).sort()).toEqual([String(jobA._id), String(jobB._id)].sort());

    // Applications: job A keeps Monica's (stage 2), Moni's job B application moved over.
    const apps = await Application.find({ customerId: acme.customerId, candidateId: m.candidateId }).lean();
    expect(apps.map((a) => String(a._id)).sort()).toEqual([String(m.applicationId), String(d2.applicationId)].sort());
    expect(await Application.exists({ customerId: acme.customerId, _id: d1.applicationId })).toBeNull();
    const kept = aBefore.stageCounts[String(jobA.stages[1]!._id)];
    expect(await counts(jobA)).toEqual({ applicantCount: aBefore.applicantCount - 1, stageCounts: { [String(jobA.stages[1]!._id)]: kept }, kindCounts: { [jobA.stages[1]!.kind]: kept } });
    expect(await counts(jobB)).toEqual(bBefore);

    // Both histories: every stage event and timeline entry of Moni now belongs to Monica.
    expect(await StageEvent.countDocuments({ customerId: acme.customerId, candidateId: d1.candidateId })).toBe(0);
    expect(await StageEvent.countDocuments({ customerId: acme.customerId, candidateId: m.candidateId })).toBe(4);
    const timeline = await CandidateActivity.find({ customerId: acme.customerId, candidateId: m.candidateId }).lean();
    expect(timeline.filter((t) => t.kind === 'applied')).toHaveLength(3);
    const merged = timeline.find((t) => t.kind === 'merged');
    expect(merged?.summary).toBe('Merged with Moni Reyes (moni.r@example.test)');
    expect(merged?.by).toEqual(acme.recruiter.user._id);
    expect((merged?.data as { droppedApplications: { applicationId: string }[] }).droppedApplications[0]!.applicationId).toBe(String(d1.applicationId));
    expect(await CandidateActivity.countDocuments({ customerId: acme.customerId, candidateId: d1.candidateId })).toBe(0);

    // Pins: the recruiter's moved; the admin's (who had pinned both) stays one.
    const pins = await CandidatePin.find({ customerId: acme.customerId, candidateId: { $in: [m.candidateId, d1.candidateId] } }).lean();
    expect(pins.map((p) => `${String(p.userId)}:${String(p.candidateId)}`).sort()).toEqual(
      [`${acme.recruiter.id}:${String(m.candidateId)}`, `${acme.admin.id}:${String(m.candidateId)}`].sort(),
    );

    // The merged candidate leaves every list: no longer a duplicate, no longer mergeable.
    const dupes = await get(acme.recruiter.auth, `/api/candidates/${String(m.candidateId)}/duplicates`);
    expect(dupes.body.items.map((d: { id: string }) => d.id)).not.toContain(String(d1.candidateId));
    const again = await post(acme.recruiter.auth, `/api/candidates/${String(m.candidateId)}/merge`, { otherId: String(d1.candidateId) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MergeMessages.alreadyMerged);
  });

  it('refuses merging a candidate into itself, across companies, and for hiring managers', async () => {
    const a = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Self', email: 'self@example.test' });
    const self = await post(acme.recruiter.auth, `/api/candidates/${a.body.id}/merge`, { otherId: a.body.id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(MergeMessages.self);
    const g = await post(globex.recruiter.auth, '/api/candidates', { firstName: 'Far', email: 'far@example.test' });
    expect((await post(acme.recruiter.auth, `/api/candidates/${a.body.id}/merge`, { otherId: g.body.id })).status).toBe(404);
    expect((await post(globex.recruiter.auth, `/api/candidates/${g.body.id}/merge`, { otherId: a.body.id })).status).toBe(404);
    const b = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Other', email: 'other@example.test' });
    expect((await post(acme.hm.auth, `/api/candidates/${a.body.id}/merge`, { otherId: b.body.id })).status).toBe(403);
    expect((await post(acme.recruiter.auth, `/api/candidates/${a.body.id}/merge`, { otherId: 'nope' })).status).toBe(400);
    // Nothing changed by the refusals.
    expect(await Candidate.countDocuments({ customerId: acme.customerId, _id: { $in: [a.body.id, b.body.id] }, mergedIntoId: null })).toBe(2);
  });

  it('moves the email to the survivor when it had none', async () => {
    const noEmail = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Quinn', lastName: 'Ray', currentCompany: 'Initech' });
    const withEmail = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Quinn', lastName: 'Ray', currentCompany: 'Initech', email: 'quinn@initech.test' });
    const res = await post(acme.admin.auth, `/api/candidates/${noEmail.body.id}/merge`, { otherId: withEmail.body.id });
    expect(res.status).toBe(200);
    expect((await Candidate.findOne({ customerId: acme.customerId, _id: noEmail.body.id }).lean())!.email).toBe('quinn@initech.test');
    const taken = await post(acme.recruiter.auth, '/api/candidates', { firstName: 'Q', email: 'quinn@initech.test' });
    expect(taken.body.details).toEqual({ candidateId: noEmail.body.id });
  });

  it("takes the other's consent whole when the kept profile rests only on legitimate interest", async () => {
    const kept = await apply(jobA, 'rosa.kept@example.test', 'Rosa');
    const dup = await apply(jobB, 'rosa.dup@example.test', 'Rosa');
    const given = new Date('2026-03-03T10:00:00.000Z');
    const lapses = new Date('2028-03-03T10:00:00.000Z');
    await Candidate.updateOne({ customerId: acme.customerId, _id: kept.candidateId }, { $set: { legalBasis: 'legitimate_interest', consentAt: null, consentSource: 'Imported from spring.xlsx', consentExpiresAt: null } });
    await Candidate.updateOne({ customerId: acme.customerId, _id: dup.candidateId }, { $set: { legalBasis: 'consent', consentAt: given, consentSource: 'Career site apply form', consentExpiresAt: lapses } });

    const res = await post(acme.recruiter.auth, `/api/candidates/${String(kept.candidateId)}/merge`, { otherId: String(dup.candidateId) });
    expect(res.status).toBe(200);
    const survivor = await Candidate.findOne({ customerId: acme.customerId, _id: kept.candidateId }).lean();
    expect(survivor).toMatchObject({ legalBasis: 'consent', consentAt: given, consentSource: 'Career site apply form', consentExpiresAt: lapses });
  });
});
