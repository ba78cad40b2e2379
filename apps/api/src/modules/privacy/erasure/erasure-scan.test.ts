import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import type { Express } from 'express';
import { PrivacyApi } from '@hireflow/contracts/privacy';
import { AgencyPortalApi } from '@hireflow/contracts/agency-portal';
import type { TReportResult } from '@hireflow/contracts/reports';
import { startTestApp, TestCaptchaText } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { MailJob } from '../../../lib/mailer';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { CandidateNote } from '../../candidates/profile/candidate-note.model';
import { Scorecard } from '../../interviews/feedback/scorecard.model';
import { addInterview } from '../../interviews/interviews.test-support';
import { OutboxMail } from '../../mail/outbox.model';
import { Offer } from '../../offers/offer.model';
import { buildOfferCompany, offerBody, type OfferCompany } from '../../offers/offers.test-support';
import { Referral } from '../../referrals/referral.model';
import { Approval } from '../../approvals/approval.model';
import { AgencySubmission } from '../../agencies/agency-submission.model';
import { addAgency } from '../../agencies/agencies.test-support';
import { openJobThroughApproval } from '../../jobs/jobs.test-support';
import { refer } from '../../referrals/refer/refer.test-support';
import { NpsSurvey } from '../../reports/candidates/nps/nps-survey.model';
import { NpsSurveyJob } from '../../reports/candidates/nps/nps-survey.job';
import { AuditEntry } from '../audit/audit-entry.model';
import { collectPersonalData } from '../personal-data';
import { ErasureRequest } from './erasure-request.model';
import { requestErasure } from './erasure.service';

/**
 * The promise: after erasure no collection and no stored file holds the person's name, email or phone,
 * and the report totals are what they were. One rich candidate is built through the real API and services.
 */
let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let oc: OfferCompany;
let jobId: string;

const Person = { firstName: 'Zebediah', lastName: 'Quixworth', email: 'zebediah.quixworth@example.test', phone: '+44 20 7946 0781' };
const Duplicate = { email: 'zeb.q.private@example.test', phone: '+44 7700 900 432' };
const Needles = [Person.firstName, Person.lastName, Person.email, Person.phone, Duplicate.email, Duplicate.phone, '4420794607', '447700900432'];
const resumePdf = Buffer.concat([Buffer.from('%PDF-1.4\n% Curriculum vitae of Zebediah Quixworth, zebediah.quixworth@example.test, +44 20 7946 0781\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);
const Browser = 'Mozilla/5.0 (X11; Linux x86_64) ErasureTest/1.0';

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true', PUBLIC_URL: 'https://jobs.example.test' });
  app = ctx.app;
  oc = await buildOfferCompany(app, ctx.config, { applicants: 3, inOffer: 1 });
  jobId = String(oc.job._id);
}, 180_000);
afterAll(() => ctx.stop());

const as = (auth: string) => ({ Authorization: auth });
const cid = () => oc.co.customerId;

async function applyOnCareerSite() {
  const form = { phone: 'optional', resume: 'optional', questions: [{ id: 'why', label: 'Why us?', required: false }] };
  await request(app).put('/api/page-customization/apply-form').set(as(oc.co.admin.auth)).send({ applyForm: form }).expect(200);
  await request(app).put('/api/career-site/jobs').set(as(oc.co.admin.auth)).send({ published: [jobId], unpublished: [] }).expect(200);
  const slug = oc.co.customer.slug!;
  const page = await request(app).get(`/careers/${slug}/${jobId}`);
  const captchaId = /name="captchaId" value="([^"]+)"/.exec(page.text)![1]!;
  let req = request(app).post(`/careers/${slug}/${jobId}/apply`);
  const fields = { ...Person, consent: 'yes', captchaId, captchaText: TestCaptchaText, q_why: 'Zebediah Quixworth has wanted to work here since 2019' };
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const res = await req.attach('resume', resumePdf, { filename: 'Zebediah-Quixworth-CV.pdf', contentType: 'application/pdf' });
  expect(res.status).toBeLessThan(400);
  const candidate = (await Candidate.findOne({ customerId: cid(), email: Person.email }).lean())!;
  const application = (await Application.findOne({ customerId: cid(), candidateId: candidate._id, jobId: oc.job._id }).lean())!;
  expect(application.answers[0]!.answer).toContain('Zebediah');
  expect(application.resumeFileId).toBeTruthy();
  return { candidateId: String(candidate._id), applicationId: String(application._id) };
}

/** Builds the rich candidate; answers their ids. */
async function buildRichCandidate() {
  // First an agency's submission of the person to another job (the recruiters are mailed with the name).
  const { jobId: secondJobId } = await openJobThroughApproval(app, oc.co, { title: 'Data Analyst', jobCodeId: null });
  const agency = await addAgency(ctx.config, { customerId: cid(), invitedBy: oc.co.admin.user._id, jobIds: [new Types.ObjectId(secondJobId)], name: 'TalentBridge' });
  let submission = request(app).post(AgencyPortalApi.submissions).set(as(agency.auth));
  for (const [k, v] of Object.entries({ jobId: secondJobId, ...Person, note: 'Zebediah Quixworth is strong in Go' })) submission = submission.field(k, v);
  await submission.attach('resume', resumePdf, { filename: 'quixworth.pdf', contentType: 'application/pdf' }).expect(201);

  // Then their own application on the career site (the same person: the same candidate).
  const { candidateId, applicationId } = await applyOnCareerSite();
  expect(await AgencySubmission.countDocuments({ customerId: cid(), candidateId: new Types.ObjectId(candidateId) })).toBe(1);

  // A duplicate added by hand, then merged into them.
  const dup = await request(app).post('/api/candidates').set(as(oc.co.recruiter.auth)).send({ firstName: Person.firstName, lastName: Person.lastName, email: Duplicate.email, phone: Duplicate.phone, currentCompany: 'Quixworth Consulting' });
  expect(dup.status).toBe(201);
  const dupId = String(dup.body.id ?? dup.body.candidate?.id);
  await request(app).post(`/api/candidates/${candidateId}/merge`).set(as(oc.co.recruiter.auth)).send({ otherId: dupId }).expect(200);

  // A note that mentions a colleague (who is mailed).
  await request(app).post(`/api/candidates/${candidateId}/notes`).set(as(oc.co.recruiter.auth)).send({ text: 'Zebediah Quixworth prefers calls on +44 20 7946 0781', mentionIds: [oc.co.hm.id] }).expect(201);

  // An interview that took place, with a submitted scorecard.
  await request(app).post(`/api/applications/${applicationId}/move`).set(as(oc.co.recruiter.auth)).send({ stageId: oc.stage('interview') }).expect(200);
  const interview = await addInterview({ ...oc, addressId: new Types.ObjectId() }, applicationId, { start: new Date(Date.now() - 3 * 3600_000), interviewerIds: [oc.co.employee.id] });
  await request(app)
    .post(`/api/interviews/${String(interview._id)}/feedback/submit`)
    .set(as(oc.co.employee.auth))
    .send({ ratings: [], recommendation: 'yes', notes: 'Zebediah explained caching well', privateNotes: 'Quixworth seemed nervous' })
    .expect(200);

  // A referral of the same person by a colleague (the application existed: already known).
  const referred = await refer(app, oc.co.approver1.auth, jobId, { firstName: Person.firstName, lastName: Person.lastName, email: Person.email, phone: Person.phone, note: 'I worked with Zebediah at Quixworth Consulting' });
  expect(referred.status).toBeLessThan(300);
  expect(await Referral.countDocuments({ customerId: cid(), candidateId: new Types.ObjectId(candidateId) })).toBe(1);

  // A campaign mail.
  const campaign = await request(app).post('/api/campaigns').set(as(oc.co.recruiter.auth)).send({ name: 'Spring roles', subject: 'A role for you, {{candidate.firstName}}', body: '<p>Hello {{candidate.firstName}} {{candidate.lastName}}</p>', candidateIds: [candidateId] }).expect(201);
  await request(app).post(`/api/campaigns/${campaign.body.id}/send`).set(as(oc.co.recruiter.auth)).send({}).expect(200);
  await vi.waitFor(async () => expect(await OutboxMail.countDocuments({ to: Person.email, subject: `A role for you, ${Person.firstName}` })).toBe(1), { timeout: 20_000, interval: 100 });

  // An offer sent and accepted (signed as the candidate).
  await request(app).post(`/api/applications/${applicationId}/move`).set(as(oc.co.recruiter.auth)).send({ stageId: oc.offerStageId }).expect(200);
  // Created and approved through the chain (the approval names them; approvers are mailed).
  const created = await request(app).post(`/api/applications/${applicationId}/offers`).set(as(oc.co.recruiter.auth)).send(offerBody({ submit: true, note: 'Zebediah asked for a later start' }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const offer = { _id: new Types.ObjectId(created.body.id as string) };
  for (const approver of [oc.co.approver1, oc.co.approver2]) {
    await request(app).post(`/api/approvals/offer/${String(offer._id)}/decision`).set(as(approver.auth)).send({ decision: 'approve', comment: 'Fine for Zebediah' }).expect(204);
  }
  await request(app).post(`/api/offers/${String(offer._id)}/send`).set(as(oc.co.recruiter.auth)).expect(204);
  const offerMail = (await OutboxMail.findOne({ to: Person.email, kind: 'offer-sent' }).lean())!;
  const offerPath = new URL(/(http\S+\/offer\/[A-Za-z0-9_-]+)/.exec(offerMail.text)![1]!).pathname;
  const accepted = await request(app).post(`${offerPath}/accept`).set('User-Agent', Browser).type('form').send({ typedName: `${Person.firstName} ${Person.lastName}`, agree: 'yes' });
  expect(accepted.status).toBe(200);
  await vi.waitFor(async () => expect((await Offer.findOne({ customerId: cid(), _id: offer._id }).lean())!.signedFileId).toBeTruthy(), { timeout: 20_000, interval: 100 });

  // Hired by the accepted offer: the NPS survey goes out later, and is answered.
  await request(app).post(`/api/applications/${applicationId}/move`).set(as(oc.co.recruiter.auth)).send({ stageId: oc.stage('hired') });
  await new JobWorker({ definitions: [MailJob, NpsSurveyJob], config: ctx.config, logger: ctx.logger, now: () => new Date(Date.now() + 30 * 86_400_000) }).drain();
  const survey = (await OutboxMail.findOne({ to: Person.email, kind: 'nps-survey' }).lean())!;
  const token = /\/survey\/([A-Za-z0-9_-]+)/.exec(survey.text)![1]!;
  await request(app).post(`/survey/${token}`).type('form').send({ score: '9', comment: 'Zebediah Quixworth enjoyed the process' }).expect(201);
  expect((await NpsSurvey.findOne({ customerId: cid(), candidateId: new Types.ObjectId(candidateId) }).lean())!.score).toBe(9);

  return { candidateId, applicationId, dupId, offerId: String(offer._id), interviewId: String(interview._id) };
}

/** Every place the person's name, email or phone is found: collection and document, and stored files. */
async function findPerson(): Promise<string[]> {
  const db = mongoose.connection.db!;
  const hits: string[] = [];
  const lower = Needles.map((n) => n.toLowerCase());
  for (const { name } of await db.listCollections().toArray()) {
    if (name === 'uploads.chunks') continue;
    for (const doc of await db.collection(name).find({}).toArray()) {
      const text = JSON.stringify(doc).toLowerCase();
      for (const n of lower) if (text.includes(n)) hits.push(`${name} ${String(doc._id)}: ${n}`);
    }
  }
  for (const chunk of await db.collection('uploads.chunks').find({}).toArray()) {
    const bytes = Buffer.from((chunk.data as { buffer: Uint8Array }).buffer).toString('latin1').toLowerCase();
    for (const n of lower) if (bytes.includes(n)) hits.push(`uploads.chunks ${String(chunk.files_id)}: ${n}`);
  }
  return hits;
}

const ReportNames = ['current-pipeline', 'source-activity', 'time-to-hire', 'interview-completed', 'nps', 'reject-analysis'];
async function reportTotals() {
  const out: Record<string, unknown> = {};
  for (const name of ReportNames) {
    const res = await request(app).get(`/api/reports/${name}`).query({ preset: 'last90' }).set(as(oc.co.admin.auth));
    expect(res.status, name).toBe(200);
    const body = res.body as TReportResult;
    // The NPS table lists comments, and the erased person's comment is gone on purpose: its scores stay.
    out[name] = name === 'nps' ? { headline: body.headline, score: body.totals?.score } : { headline: body.headline, totals: body.totals, totalRows: body.totalRows };
  }
  return out;
}

describe('erasing a candidate leaves nothing personal in any collection or file, and every report total as it was', () => {
  it('builds the rich candidate, erases them at their own request, and finds them nowhere', async () => {
    const person = await buildRichCandidate();
    const id = new Types.ObjectId(person.candidateId);

    // Before: the person is found in many places, and their download has every part.
    const before = await findPerson();
    for (const where of ['candidates', 'applications', 'candidatenotes', 'scorecards', 'offers', 'approvals', 'referrals', 'agencysubmissions', 'campaignrecipients', 'npssurveys', 'outboxmails', 'queue_jobs', 'candidateactivities', 'uploads.files', 'uploads.chunks']) {
      expect(before.some((h) => h.startsWith(`${where} `)), where).toBe(true);
    }
    const data = await collectPersonalData({ customerId: cid(), candidateId: id });
    expect(data.parts.profile).toHaveLength(2);
    expect(data.parts.applications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job: 'Data Analyst', source: 'agency' }),
        expect.objectContaining({ job: 'Backend Engineer', answers: [{ question: 'Why us?', answer: expect.stringContaining('Zebediah') }] }),
      ]),
    );
    expect(data.parts.stageHistory!.length).toBeGreaterThanOrEqual(3);
    expect(data.parts.interviews).toHaveLength(1);
    expect(JSON.stringify(data.parts.interviews)).not.toContain('caching');
    expect(data.parts.offers![0]).toMatchObject({ signedAs: 'Zebediah Quixworth' });
    expect(data.parts.referrals).toHaveLength(1);
    expect(data.parts.agencySubmissions![0]).toMatchObject({ agency: 'TalentBridge', job: 'Data Analyst' });
    expect(data.parts.applications).toHaveLength(2);
    expect(data.parts.surveys![0]).toMatchObject({ score: 9 });
    expect((data.parts.mails as { subject: string }[]).map((m) => m.subject)).toContain(`A role for you, ${Person.firstName}`);
    expect(data.files.map((f) => f.filename)).toEqual(expect.arrayContaining(['resumes/Zebediah-Quixworth-CV.pdf']));
    expect(data.files.some((f) => f.filename.startsWith('offers/signed-offer'))).toBe(true);
    const totalsBefore = await reportTotals();

    // The candidate asks; the admins are mailed (without the name); an admin approves.
    expect(await requestErasure({ customerId: cid(), candidateId: id, origin: 'candidate', at: new Date() })).toEqual({ created: true });
    await vi.waitFor(async () => expect(await OutboxMail.countDocuments({ to: oc.co.admin.user.email, kind: 'privacy-erasure-requested' })).toBe(1), { timeout: 20_000, interval: 100 });
    const notice = (await OutboxMail.findOne({ to: oc.co.admin.user.email, kind: 'privacy-erasure-requested' }).lean())!;
    expect(notice.text).toContain('https://jobs.example.test/company-settings/privacy/erasure-requests');
    const request_ = (await ErasureRequest.findOne({ customerId: cid(), candidateId: id }).lean())!;
    const approved = await request(app).post(PrivacyApi.approveErasure(String(request_._id))).set(as(oc.co.admin.auth)).expect(200);
    expect(approved.body).toMatchObject({ state: 'erased', candidateName: 'Erased candidate', origin: 'candidate' });

    // After: nowhere, in no collection and no stored file.
    expect(await findPerson()).toEqual([]);
    expect(await reportTotals()).toEqual(totalsBefore);

    // What stays is anonymous: the record, its events, the scorecard's verdict, the offer's figures, the NPS score.
    const erased = (await Candidate.findOne({ customerId: cid(), _id: id }).lean())!;
    expect(erased).toMatchObject({ firstName: 'Erased', lastName: 'candidate', email: '', phone: '', resumeFileId: null });
    expect(erased.erasedAt).toBeInstanceOf(Date);
    expect((await Candidate.findOne({ customerId: cid(), _id: new Types.ObjectId(person.dupId) }).lean())!.erasedAt).toBeInstanceOf(Date);
    expect(await CandidateNote.countDocuments({ customerId: cid(), candidateId: id })).toBe(0);
    expect((await Scorecard.findOne({ customerId: cid(), interviewId: new Types.ObjectId(person.interviewId) }).lean())).toMatchObject({ recommendation: 'yes', status: 'submitted', notes: '', privateNotes: '' });
    expect((await Offer.findOne({ customerId: cid(), _id: new Types.ObjectId(person.offerId) }).lean())).toMatchObject({ status: expect.stringMatching(/accepted|joined/), letterFileId: null, signedFileId: null });
    expect(await Approval.findOne({ customerId: cid(), kind: 'offer', subjectId: new Types.ObjectId(person.offerId) }).lean()).toMatchObject({ status: 'approved', title: 'Offer: Erased candidate, Backend Engineer', detail: expect.stringContaining('EUR 85,000.50 a year') });
    expect((await NpsSurvey.findOne({ customerId: cid(), candidateId: id }).lean())).toMatchObject({ score: 9, comment: '' });
    expect(await CandidateActivity.countDocuments({ customerId: cid(), candidateId: id, kind: 'stage_moved' })).toBeGreaterThanOrEqual(3);
    const audit = await AuditEntry.find({ customerId: cid(), candidateId: id }).lean();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['erasure_requested', 'erased']));
    expect(audit.every((a) => a.personName === 'Erased candidate' && ['', 'erased candidate'].includes(a.personKey))).toBe(true);

    // The profile answers the anonymous name and nothing else.
    const profile = await request(app).get(`/api/candidates/${person.candidateId}`).set(as(oc.co.admin.auth)).expect(200);
    expect(profile.body).toMatchObject({ firstName: 'Erased', lastName: 'candidate', applications: [], resume: null });
    // And their download holds nothing personal either.
    expect(JSON.stringify(await collectPersonalData({ customerId: cid(), candidateId: id }))).not.toMatch(/zebediah|quixworth/i);
  }, 180_000);
});
