import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { PublicApiBase } from '@hireflow/contracts/api-access';
import { startTestApp } from '../../test/test-app';
import { buildUser } from '../../test/factories';
import { buildPipelineCompany } from '../pipeline/pipeline.test-support';
import type { JobDoc } from '../jobs/job.model';
import type { JobsCompany } from '../jobs/jobs.test-support';
import { ApiKey } from '../api-access/api-key.model';
import { User } from '../users/user.model';
import { StageEvent } from '../candidates/applications/stage-event.model';
import { CandidateActivity } from '../candidates/candidate-activity.model';
import { Application } from '../candidates/applications/application.model';
import { ZPublicApiError, ZPublicApplication, ZPublicApplicationList, ZPublicCandidate, ZPublicCandidateList, ZPublicJob, ZPublicJobList } from '@hireflow/contracts/public-api';
import { createTestApiKey, setPlan } from './public-api.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
type Company = { co: JobsCompany; job: JobDoc; applicationIds: string[]; stage: (kindOrName: string) => string; key: Awaited<ReturnType<typeof createTestApiKey>> };
let a: Company;
let b: Company;

const v1 = (p: string) => `${PublicApiBase}${p}`;
const get = (p: string, auth: string) => request(app).get(v1(p)).set('Authorization', auth);
const post = (p: string, auth: string, body: unknown) => request(app).post(v1(p)).set('Authorization', auth).send(body as object);
const patch = (p: string, auth: string, body: unknown) => request(app).patch(v1(p)).set('Authorization', auth).send(body as object);

async function company(title: string): Promise<Company> {
  const built = await buildPipelineCompany(app, ctx.config, { applicants: 2, title });
  await setPlan(built.co.customerId, 'enterprise');
  const key = await createTestApiKey({ customerId: built.co.customerId, createdBy: built.co.admin.user._id });
  return { ...built, key };
}

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  a = await company('Backend Engineer');
  b = await company('Designer');
});
afterAll(() => ctx.stop());

describe('API keys', () => {
  it('refuses a missing, malformed or unknown key, and a session token, with 401 in the error shape', async () => {
    const missing = await request(app).get(v1('/jobs')).expect(401);
    expect(missing.body).toMatchObject({ code: 'unauthorized', message: 'Send an API key as "Authorization: Bearer hf_live_..."' });
    await get('/jobs', 'Bearer not-a-key').expect(401);
    await get('/jobs', `Bearer hf_live_AbCd1234_${'x'.repeat(40)}`).expect(401);
    // The right prefix with another secret is not the key either.
    await get('/jobs', `Bearer ${a.key.key.slice(0, -4)}zzzz`).expect(401);
    await get('/jobs', a.co.admin.auth).expect(401);
    await get('/jobs', a.key.auth).expect(200);
  });

  it('refuses a revoked key with 401', async () => {
    const key = await createTestApiKey({ customerId: a.co.customerId, createdBy: a.co.admin.user._id });
    await get('/jobs', key.auth).expect(200);
    await ApiKey.updateOne({ customerId: a.co.customerId, _id: key.id }, { $set: { revokedAt: new Date(), revokedBy: a.co.admin.user._id } });
    const res = await get('/jobs', key.auth).expect(401);
    expect(res.body.message).toBe('This API key was revoked');
  });

  it("refuses an operation outside the key's scopes with 403", async () => {
    const readJobs = await createTestApiKey({ customerId: a.co.customerId, createdBy: a.co.admin.user._id, scopes: ['jobs:read', 'candidates:read'] });
    await get('/jobs', readJobs.auth).expect(200);
    await get('/candidates', readJobs.auth).expect(200);
    const refused = await post('/candidates', readJobs.auth, { firstName: 'Nope', email: 'nope@example.test' }).expect(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'This API key lacks the "candidates:write" scope' });
    await get('/applications', readJobs.auth).expect(403);
    await post(`/applications/${a.applicationIds[0]}/move`, readJobs.auth, { stageName: 'Interview' }).expect(403);
  });

  it('refuses a company whose plan lacks the API (Starter) with 403 plan_required', async () => {
    const starter = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    await setPlan(starter.co.customerId, 'starter');
    const key = await createTestApiKey({ customerId: starter.co.customerId, createdBy: starter.co.admin.user._id });
    const res = await get('/jobs', key.auth).expect(403);
    expect(res.body.code).toBe('plan_required');
    expect(res.body.message).toMatch(/Starter/);
    await setPlan(starter.co.customerId, 'enterprise');
    await get('/jobs', key.auth).expect(200);
  });

  it("refuses with 403 once the key's creator is no longer active", async () => {
    const creator = await buildUser({ customerId: a.co.customerId, role: 'recruiter', admin: true });
    const key = await createTestApiKey({ customerId: a.co.customerId, createdBy: creator._id });
    await get('/jobs', key.auth).expect(200);
    await User.updateOne({ customerId: a.co.customerId, _id: creator._id }, { $set: { status: 'inactive' } });
    const res = await get('/jobs', key.auth).expect(403);
    expect(res.body.message).toBe('The user who created this API key is no longer active. Ask an admin for a new key.');
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another company's job, candidate and application, for reads and changes", async () => {
    const bApp = await Application.findOne({ customerId: b.co.customerId, _id: b.applicationIds[0] }).lean();
    await get(`/jobs/${String(b.job._id)}`, a.key.auth).expect(404);
    await get(`/candidates/${String(bApp!.candidateId)}`, a.key.auth).expect(404);
    await patch(`/candidates/${String(bApp!.candidateId)}`, a.key.auth, { currentTitle: 'Hacked' }).expect(404);
    await get(`/applications/${b.applicationIds[0]}`, a.key.auth).expect(404);
    const move = await post(`/applications/${b.applicationIds[0]}/move`, a.key.auth, { stageId: b.stage('interview') }).expect(404);
    expect(move.body).toEqual({ code: 'not_found', message: 'Application not found' });
    await post('/applications', a.key.auth, { jobId: String(b.job._id), candidate: { firstName: 'Eve', email: 'eve@example.test' } }).expect(404);
    await post('/applications', a.key.auth, { jobId: String(a.job._id), candidateId: String(bApp!.candidateId) }).expect(404);
    // Lists hold only the key's company.
    const jobs = await get('/jobs', a.key.auth).expect(200);
    expect(jobs.body.data.map((j: { id: string }) => j.id)).toEqual([String(a.job._id)]);
    const apps = await get(`/applications?jobId=${String(b.job._id)}`, a.key.auth).expect(200);
    expect(apps.body.data).toEqual([]);
    const bMoved = await Application.findOne({ customerId: b.co.customerId, _id: b.applicationIds[0] }).lean();
    expect(String(bMoved!.stageId)).toBe(String(bApp!.stageId));
  });

  it('answers 404 for an unknown id and 400 with details for a malformed one', async () => {
    const unknown = new Types.ObjectId().toHexString();
    await get(`/jobs/${unknown}`, a.key.auth).expect(404);
    await get(`/candidates/${unknown}`, a.key.auth).expect(404);
    await get(`/applications/${unknown}`, a.key.auth).expect(404);
    const bad = await get('/jobs/not-an-id', a.key.auth).expect(400);
    expect(bad.body).toMatchObject({ code: 'bad_request', details: [{ path: 'id', message: 'must be a valid id' }] });
    const badBody = await post('/candidates', a.key.auth, { email: 'no-name@example.test' }).expect(400);
    expect(badBody.body.details).toEqual([{ path: 'firstName', message: expect.any(String) }]);
    const badQuery = await get('/jobs?status=sleeping', a.key.auth).expect(400);
    expect(badQuery.body.details[0].path).toBe('status');
  });
});

describe('rate limit per key', () => {
  it('refuses one key beyond its limit with 429, Retry-After and X-RateLimit-* headers while another key still works', async () => {
    const minute = 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    // Fixed one-minute windows: start just after one begins so every call stays inside it.
    vi.setSystemTime(Math.ceil(Date.now() / minute) * minute + 1000);
    const previous = ctx.config.publicApiRateLimit;
    ctx.config.publicApiRateLimit = 3;
    try {
      const busy = await createTestApiKey({ customerId: a.co.customerId, createdBy: a.co.admin.user._id });
      const other = await createTestApiKey({ customerId: a.co.customerId, createdBy: a.co.admin.user._id });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await get('/jobs', busy.auth).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
        remaining.push(res.headers['x-ratelimit-remaining'] as string);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await get('/jobs', busy.auth).expect(429);
      expect(refused.body.code).toBe('too_many_requests');
      expect(refused.body.message).toBe('This API key has made too many requests. Please wait 1 minute and try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['x-ratelimit-reset'])).toBe(Math.ceil(Date.now() / minute) * 60);
      const fine = await get('/jobs', other.auth).expect(200);
      expect(fine.headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      ctx.config.publicApiRateLimit = previous;
      vi.useRealTimers();
    }
  });
});

describe('jobs', () => {
  it('lists with a status filter and cursor pages, and gets one with its stages', async () => {
    const listed = await get('/jobs?status=open', a.key.auth).expect(200);
    expect(listed.body.data).toHaveLength(1);
    const job = listed.body.data[0];
    expect(job).toMatchObject({ id: String(a.job._id), title: 'Backend Engineer', status: 'open', department: 'Engineering', location: 'Berlin', applicantCount: 2 });
    expect(job.stages[0]).toMatchObject({ id: a.stage('screening'), count: 2 });
    expect((await get('/jobs?status=closed', a.key.auth).expect(200)).body.data).toEqual([]);
    const one = await get(`/jobs/${job.id}`, a.key.auth).expect(200);
    expect(one.body).toEqual(job);
    // The answers are what the OpenAPI document promises (its schemas are these).
    expect(ZPublicJobList.strict().parse(listed.body)).toEqual(listed.body);
    expect(ZPublicJob.strict().parse(one.body)).toEqual(one.body);

    const first = await get('/candidates?limit=1', a.key.auth).expect(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.nextCursor).toBe(first.body.data[0].id);
    expect(ZPublicCandidateList.strict().parse(first.body)).toEqual(first.body);
    const second = await get(`/candidates?limit=1&cursor=${first.body.nextCursor}`, a.key.auth).expect(200);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    await get('/candidates?limit=101', a.key.auth).expect(400);
  });
});

describe('candidates and applications end to end', () => {
  it("creates a candidate, finds and updates them, applies them and moves the application, histories naming the key's creator", async () => {
    const created = await post('/candidates', a.key.auth, { firstName: 'Grace', lastName: 'Hopper', email: 'Grace.Hopper@Example.test', skills: ['COBOL'] }).expect(201);
    expect(created.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.test', source: 'sourced', skills: ['COBOL'], jobIds: [] });
    const candidateId = created.body.id as string;
    expect(ZPublicCandidate.strict().parse(created.body)).toEqual(created.body);
    const dup = await post('/candidates', a.key.auth, { firstName: 'Grace', email: 'grace.hopper@example.test' }).expect(409);
    expect(ZPublicApiError.strict().parse(dup.body)).toEqual(dup.body);
    expect(dup.body.details).toEqual({ candidateId });

    const found = await get('/candidates?email=GRACE.HOPPER@example.test', a.key.auth).expect(200);
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([candidateId]);
    const updated = await patch(`/candidates/${candidateId}`, a.key.auth, { currentTitle: 'Rear Admiral', phone: '+1 555 0100 200' }).expect(200);
    expect(updated.body).toMatchObject({ currentTitle: 'Rear Admiral', phone: '+1 555 0100 200', firstName: 'Grace' });
    const edit = await CandidateActivity.findOne({ customerId: a.co.customerId, candidateId, kind: 'profile_updated' }).lean();
    expect(String(edit!.by)).toBe(a.co.admin.id);

    const applied = await post('/applications', a.key.auth, { jobId: String(a.job._id), candidateId }).expect(201);
    expect(applied.body).toMatchObject({ jobId: String(a.job._id), candidateId, source: 'sourced', stage: { id: a.stage('screening'), kind: 'screening' } });
    await post('/applications', a.key.auth, { jobId: String(a.job._id), candidateId }).expect(409);
    const listed = await get(`/applications?candidateId=${candidateId}`, a.key.auth).expect(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([applied.body.id]);
    expect(ZPublicApplicationList.parse(listed.body)).toEqual(listed.body);

    const interview = a.job.stages.find((s) => s.kind === 'interview')!;
    const moved = await post(`/applications/${applied.body.id}/move`, a.key.auth, { stageName: interview.name.toUpperCase() }).expect(200);
    expect(ZPublicApplication.strict().parse(moved.body)).toEqual(moved.body);
    expect(moved.body.stage).toEqual({ id: String(interview._id), name: interview.name, kind: 'interview' });
    const admin = a.co.admin.user;
    expect(moved.body.history.at(-1)).toMatchObject({ toStage: interview.name, toKind: 'interview', by: { id: a.co.admin.id, name: `${admin.firstName} ${admin.lastName}` } });
    const event = await StageEvent.findOne({ customerId: a.co.customerId, applicationId: applied.body.id, toStageId: interview._id }).lean();
    expect(String(event!.by)).toBe(a.co.admin.id);
    await post(`/applications/${applied.body.id}/move`, a.key.auth, { stageName: 'Nowhere' }).expect(400);
    await post(`/applications/${applied.body.id}/move`, a.key.auth, { stageId: String(interview._id) }).expect(409);
    const job = await get(`/jobs/${String(a.job._id)}`, a.key.auth).expect(200);
    expect(job.body.stages.find((s: { id: string }) => s.id === String(interview._id)).count).toBe(1);
  });

  it('applies a new person through the career-site path (found or created by email, first stage)', async () => {
    const res = await post('/applications', a.key.auth, { jobId: String(a.job._id), candidate: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.test' } }).expect(201);
    expect(res.body).toMatchObject({ source: 'career_site', stage: { id: a.stage('screening') }, history: [{ fromStage: null, by: null }] });
    const candidate = await get(`/candidates/${res.body.candidateId}`, a.key.auth).expect(200);
    expect(candidate.body).toMatchObject({ email: 'alan@example.test', source: 'career_site', jobIds: [String(a.job._id)] });
    const again = await post('/applications', a.key.auth, { jobId: String(a.job._id), candidate: { firstName: 'Alan', email: 'alan@example.test' } }).expect(409);
    expect(again.body.message).toBe('You have already applied for this job with this email address.');
    const both = await post('/applications', a.key.auth, { jobId: String(a.job._id), candidateId: res.body.candidateId, candidate: { firstName: 'A', email: 'a@example.test' } }).expect(400);
    expect(both.body.message).toMatch(/either candidateId or candidate/);
  });
});
