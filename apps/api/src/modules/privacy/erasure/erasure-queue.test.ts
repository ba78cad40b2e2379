import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { Types } from 'mongoose';
import type { Express } from 'express';
import { ErasureDeadlineDays, PrivacyApi, PrivacyMessages, type TErasureList } from '@hireflow/contracts/privacy';
import { startTestApp } from '../../../test/test-app';
import { QueueJob } from '../../../lib/job-queue.model';
import { buildUser, tokenFor } from '../../../test/factories';
import { applyToJob } from '../../candidates/applications/apply.service';
import { Candidate } from '../../candidates/candidate.model';
import { buildPipelineCompany } from '../../pipeline/pipeline.test-support';
import { OutboxMail } from '../../mail/outbox.model';
import { AuditEntry } from '../audit/audit-entry.model';
import { ErasureRequest } from './erasure-request.model';
import { requestErasure } from './erasure.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
type Company = Awaited<ReturnType<typeof buildPipelineCompany>>;
let a: Company;
let b: Company;
/** A recruiter of company A granted everything but companySettings. */
let noRight: string;
/** A user of company A holding only the companySettings right. */
let settingsUser: { auth: string; name: string };

const DayMs = 86_400_000;

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test' });
  app = ctx.app;
  a = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
  b = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
  const recruiter = await buildUser({ customerId: a.co.customerId, role: 'recruiter', rights: ['manageUsers'] });
  noRight = `Bearer ${await tokenFor(ctx.config, recruiter)}`;
  const settings = await buildUser({ customerId: a.co.customerId, role: 'employee', rights: ['companySettings'], firstName: 'Priya', lastName: 'Settings' });
  settingsUser = { auth: `Bearer ${await tokenFor(ctx.config, settings)}`, name: 'Priya Settings' };
}, 120_000);
afterAll(() => ctx.stop());

let seq = 0;
/** A career-site applicant of a company's job; answers the candidate's id. */
async function applicant(co: Company, firstName: string, lastName = 'Example') {
  const email = `${firstName.toLowerCase()}.${++seq}@example.test`;
  const { candidateId } = await applyToJob({ customerId: co.co.customerId, job: co.job, input: { firstName, lastName, email, phone: '+1 555 0100 ' + String(1000 + seq), answers: [] }, resume: null, source: 'career_site' });
  return { id: candidateId as Types.ObjectId, email, name: `${firstName} ${lastName}` };
}
const list = (auth: string, query: Record<string, string> = {}) => request(app).get(PrivacyApi.erasureRequests).query(query).set('Authorization', auth);
const requestOf = (candidateId: Types.ObjectId, co: Company = a) => ErasureRequest.findOne({ customerId: co.co.customerId, candidateId }).lean();

describe('GET /api/privacy/erasure-requests', () => {
  it('lists waiting requests first, the most urgent first, with the deadline and the overdue count; decided ones after, newest first', async () => {
    const now = Date.now();
    const old = await applicant(a, 'Olga');
    const fresh = await applicant(a, 'Felix');
    const decided = await applicant(a, 'Dora');
    await requestErasure({ customerId: a.co.customerId, candidateId: fresh.id, origin: 'candidate', at: new Date(now - 2 * DayMs) });
    await requestErasure({ customerId: a.co.customerId, candidateId: old.id, origin: 'candidate', at: new Date(now - 40 * DayMs) });
    await requestErasure({ customerId: a.co.customerId, candidateId: decided.id, origin: 'candidate', at: new Date(now - 50 * DayMs) });
    const refusal = await request(app).post(PrivacyApi.refuseErasure(String((await requestOf(decided.id))!._id))).set('Authorization', a.co.admin.auth).send({ reason: 'Open legal hold' });
    expect(refusal.status).toBe(200);

    const res = await list(a.co.admin.auth).expect(200);
    const body = res.body as TErasureList;
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 25, overdue: 1 });
    expect(body.items.map((i) => i.candidateName)).toEqual([old.name, fresh.name, decided.name]);
    const first = body.items[0]!;
    expect(first).toMatchObject({ state: 'pending', origin: 'candidate', decidedAt: null, decidedBy: null, reason: '' });
    expect(new Date(first.dueAt).getTime() - new Date(first.requestedAt).getTime()).toBe(ErasureDeadlineDays * DayMs);
    expect(body.items[2]).toMatchObject({ state: 'refused', reason: 'Open legal hold', decidedBy: `${a.co.admin.user.firstName} ${a.co.admin.user.lastName}` });

    const pending = (await list(a.co.admin.auth, { state: 'pending' }).expect(200)).body as TErasureList;
    expect(pending.items.map((i) => i.candidateName)).toEqual([old.name, fresh.name]);
    expect(pending.overdue).toBe(1);
    expect((await list(a.co.admin.auth, { state: 'lost' })).status).toBe(400);
  });

  it('is for signed-in users with the companySettings right, each seeing only their company', async () => {
    expect((await list('')).status).toBe(401);
    expect((await list(noRight)).status).toBe(403);
    expect((await list(a.co.recruiter.auth)).status).toBe(403);
    expect((await list(settingsUser.auth)).status).toBe(200);
    const other = (await list(b.co.admin.auth).expect(200)).body as TErasureList;
    expect(other.items.every((i) => !i.candidateName.includes('Olga') && !i.candidateName.includes('Felix'))).toBe(true);
    expect(other).toMatchObject({ total: 0, overdue: 0 });
  });
});

describe('a candidate asking for erasure', () => {
  it('mails each user of the company with the companySettings right once, with the way to the queue and without the name', async () => {
    const withRight = await buildUser({ customerId: b.co.customerId, role: 'employee', rights: ['companySettings'] });
    const person = await applicant(b, 'Nadia', 'Mailtest');
    expect(await requestErasure({ customerId: b.co.customerId, candidateId: person.id, origin: 'candidate', at: new Date() })).toEqual({ created: true });
    expect(await requestErasure({ customerId: b.co.customerId, candidateId: person.id, origin: 'candidate', at: new Date() })).toEqual({ created: false });
    const expected = [b.co.admin.user.email, withRight.email].sort();
    const mailsTo = async (emails: string[]) => OutboxMail.find({ kind: 'privacy-erasure-requested', to: { $in: emails } }).lean();
    await vi.waitFor(async () => expect((await mailsTo(expected)).map((m) => m.to).sort()).toEqual(expected), { timeout: 20_000, interval: 100 });
    // Not the users without the right.
    expect(await mailsTo([b.co.recruiter.user.email, b.co.hm.user.email, b.co.employee.user.email])).toEqual([]);
    for (const m of await mailsTo(expected)) {
      expect(m.subject).toBe('A candidate asked to erase their data');
      expect(m.text).toContain('https://jobs.example.test/company-settings/privacy/erasure-requests');
      expect(m.text).not.toContain('Nadia');
    }
    // A request an admin records (not the candidate's) mails no one.
    const other = await applicant(b, 'Otto', 'Quiet');
    await requestErasure({ customerId: b.co.customerId, candidateId: other.id, origin: 'admin', at: new Date() });
    expect(await ErasureRequest.countDocuments({ customerId: b.co.customerId, state: 'pending' })).toBe(2);
    expect(await QueueJob.countDocuments({ name: 'privacy.erasure-requested', customerId: b.co.customerId })).toBe(1);
  });
});

describe('POST /api/privacy/erasure-requests/:id/approve', () => {
  it('erases the candidate, closes the request with who decided, and a second approval is 409 and changes nothing', async () => {
    const person = await applicant(a, 'Amos', 'Approve');
    await requestErasure({ customerId: a.co.customerId, candidateId: person.id, origin: 'candidate', at: new Date() });
    const id = String((await requestOf(person.id))!._id);

    expect((await request(app).post(PrivacyApi.approveErasure(id)).set('Authorization', noRight)).status).toBe(403);
    expect((await request(app).post(PrivacyApi.approveErasure(id)).set('Authorization', b.co.admin.auth)).status).toBe(404);
    expect((await Candidate.findOne({ customerId: a.co.customerId, _id: person.id }).lean())!.erasedAt).toBeNull();

    const res = await request(app).post(PrivacyApi.approveErasure(id)).set('Authorization', settingsUser.auth).expect(200);
    expect(res.body).toMatchObject({ id, state: 'erased', candidateName: 'Erased candidate', decidedBy: settingsUser.name });
    const erased = (await Candidate.findOne({ customerId: a.co.customerId, _id: person.id }).lean())!;
    expect(erased).toMatchObject({ firstName: 'Erased', lastName: 'candidate', email: '' });

    const snapshot = JSON.stringify(await ErasureRequest.find({ customerId: a.co.customerId }).lean());
    const again = await request(app).post(PrivacyApi.approveErasure(id)).set('Authorization', a.co.admin.auth);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PrivacyMessages.erasureDecided);
    expect(JSON.stringify(await ErasureRequest.find({ customerId: a.co.customerId }).lean())).toBe(snapshot);
    expect(await AuditEntry.countDocuments({ customerId: a.co.customerId, candidateId: person.id, action: 'erased' })).toBe(1);
  });
});

describe('POST /api/privacy/erasure-requests/:id/refuse', () => {
  it('needs a reason, records it, audits it and tells the candidate why in a branded mail with their privacy link', async () => {
    const person = await applicant(a, 'Rhea', 'Refuse');
    await requestErasure({ customerId: a.co.customerId, candidateId: person.id, origin: 'candidate', at: new Date() });
    const id = String((await requestOf(person.id))!._id);
    const refuse = (auth: string, body: object) => request(app).post(PrivacyApi.refuseErasure(id)).set('Authorization', auth).send(body);

    expect((await refuse(noRight, { reason: 'x' })).status).toBe(403);
    expect((await refuse(b.co.admin.auth, { reason: 'x' })).status).toBe(404);
    const empty = await refuse(a.co.admin.auth, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Say why the request is refused');
    expect((await requestOf(person.id))!.state).toBe('pending');

    const res = await refuse(a.co.admin.auth, { reason: 'An open legal hold on this application' }).expect(200);
    expect(res.body).toMatchObject({ state: 'refused', reason: 'An open legal hold on this application', candidateName: person.name });
    const audit = await AuditEntry.findOne({ customerId: a.co.customerId, candidateId: person.id, action: 'erasure_refused' }).lean();
    expect(audit).toMatchObject({ detail: 'An open legal hold on this application', actorId: a.co.admin.user._id });
    await vi.waitFor(async () => expect(await OutboxMail.countDocuments({ to: person.email, kind: 'privacy-erasure-refused' })).toBe(1), { timeout: 20_000, interval: 100 });
    const mail = (await OutboxMail.findOne({ to: person.email, kind: 'privacy-erasure-refused' }).lean())!;
    expect(mail.text).toContain('An open legal hold on this application');
    expect(mail.text).toMatch(/https:\/\/jobs\.example\.test\/privacy\/[A-Za-z0-9_-]{40,}/);
    expect((await Candidate.findOne({ customerId: a.co.customerId, _id: person.id }).lean())!.erasedAt).toBeNull();

    expect((await refuse(a.co.admin.auth, { reason: 'again' })).status).toBe(409);
    expect((await request(app).post(PrivacyApi.approveErasure(id)).set('Authorization', a.co.admin.auth)).status).toBe(409);
  });
});

describe('POST /api/privacy/candidates/:candidateId/erase', () => {
  it("erases from the profile once the candidate's full name is typed (any case), records it, and cannot be undone", async () => {
    const person = await applicant(a, 'Eddie', 'Direct');
    const erase = (auth: string, confirmName: string, id = String(person.id)) => request(app).post(PrivacyApi.eraseCandidate(id)).set('Authorization', auth).send({ confirmName });

    expect((await erase(noRight, person.name)).status).toBe(403);
    expect((await erase(b.co.admin.auth, person.name)).status).toBe(404);
    expect((await erase(a.co.admin.auth, person.name, new Types.ObjectId().toHexString())).status).toBe(404);
    const wrong = await erase(a.co.admin.auth, 'Eddie');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PrivacyMessages.confirmNameMismatch);
    expect((await erase(a.co.admin.auth, '')).status).toBe(400);
    expect((await Candidate.findOne({ customerId: a.co.customerId, _id: person.id }).lean())!.erasedAt).toBeNull();

    const res = await erase(a.co.admin.auth, '  eddie   DIRECT ').expect(200);
    expect(res.body).toMatchObject({ erased: true, message: PrivacyMessages.erased });
    const request_ = (await requestOf(person.id))!;
    expect(request_).toMatchObject({ state: 'erased', origin: 'admin', candidateName: 'Erased candidate', decidedBy: a.co.admin.user._id });
    const audit = await AuditEntry.findOne({ customerId: a.co.customerId, candidateId: person.id, action: 'erased' }).lean();
    expect(audit).toMatchObject({ personName: 'Erased candidate', detail: 'From the profile', actorId: a.co.admin.user._id });

    // Erased is final: a second erasure says so, the profile cannot be written to again, and there is no way back.
    const again = await erase(a.co.admin.auth, 'Erased candidate');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PrivacyMessages.alreadyErased);
    const edit = await request(app).patch(`/api/candidates/${String(person.id)}`).set('Authorization', a.co.admin.auth).send({ firstName: 'Eddie', email: person.email });
    expect(edit.status).toBe(409);
    expect((await Candidate.findOne({ customerId: a.co.customerId, _id: person.id }).lean())).toMatchObject({ firstName: 'Erased', email: '' });
    for (const path of [`/api/privacy/candidates/${String(person.id)}/restore`, `/api/privacy/erasure-requests/${String(request_._id)}/undo`]) {
      expect((await request(app).post(path).set('Authorization', a.co.admin.auth)).status).toBe(404);
    }
    const profile = await request(app).get(`/api/candidates/${String(person.id)}`).set('Authorization', a.co.admin.auth).expect(200);
    expect(profile.body).toMatchObject({ firstName: 'Erased', lastName: 'candidate', email: '', applications: [], resume: null, canEdit: false });
  });
});
