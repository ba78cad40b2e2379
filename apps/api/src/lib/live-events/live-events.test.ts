import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { LiveStream, PipelineApi, type TLiveEvent } from '@hireflow/contracts/pipeline';
import { AuthApi } from '@hireflow/contracts/auth';
import { startTestApp } from '../../test/test-app';
import { buildUser, tokenFor } from '../../test/factories';
import { buildPipelineCompany, addApplicant } from '../../modules/pipeline/pipeline.test-support';
import { publishLiveEvents } from './publish';
import { liveEventHub } from './hub';
import { Candidate } from '../../modules/candidates/candidate.model';
import { listen, openStream, type LiveStreamReader } from './live-events.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let server: Awaited<ReturnType<typeof listen>>;
const open: LiveStreamReader[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  server = await listen(app);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await server.close();
  await ctx.stop();
});

async function stream(opts: Parameters<typeof openStream>[1]) {
  const reader = await openStream(server.port, opts);
  open.push(reader);
  return reader;
}
const live = async (auth: string, opts: Omit<NonNullable<Parameters<typeof openStream>[1]>, 'auth'> = {}) => (await stream({ auth, ...opts })).whenLive();

const move = async (auth: string, id: string, stageId: string) => {
  const res = await request(app).post(PipelineApi.move(id)).set('Authorization', auth).send({ stageId });
  expect(res.status).toBe(200);
  return res.body as { card: { stageId: string } };
};
const movedTo = (applicationId: string, stageId: string) => (e: TLiveEvent) => e.kind === 'application.moved' && e.applicationId === applicationId && e.data.card?.stageId === stageId;

describe('GET /api/events', () => {
  it('delivers a colleague’s move to the company’s recruiters and the job’s team, and nothing to others', async () => {
    const a = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const b = await buildPipelineCompany(app, ctx.config, { applicants: 1, title: 'Designer' });
    // approver1 is a plain employee of company A who is not on the job.
    expect(a.job.memberIds.map(String)).not.toContain(a.co.approver1.id);
    expect(a.job.memberIds.map(String)).toContain(a.co.employee.id);

    const [recruiterA, interviewerA, outsiderA, recruiterB] = await Promise.all([
      live(a.co.approver2.auth), // a recruiter of A who is not on the job: recruiters see the whole database
      live(a.co.employee.auth),
      live(a.co.approver1.auth),
      live(b.co.recruiter.auth),
    ]);

    const moved = await move(a.co.hm.auth, a.applicationIds[0]!, a.stage('interview'));
    const seen = await recruiterA.next(movedTo(a.applicationIds[0]!, a.stage('interview')));
    expect(seen).toMatchObject({ jobId: String(a.job._id), byUserId: a.co.hm.id, data: { fromStageId: a.stage('screening'), card: moved.card } });
    expect(seen).not.toHaveProperty('teamIds');
    expect(seen).not.toHaveProperty('customerId');
    await interviewerA.next(movedTo(a.applicationIds[0]!, a.stage('interview')));

    // Later events each of them may see: the change stream is ordered, so once these arrive the move would have too.
    await move(b.co.recruiter.auth, b.applicationIds[0]!, b.stage('interview'));
    await recruiterB.next(movedTo(b.applicationIds[0]!, b.stage('interview')));
    await publishLiveEvents([{ customerId: a.co.customerId, kind: 'application.updated', teamIds: [a.co.approver1.user._id] }]);
    await outsiderA.next((e) => e.kind === 'application.updated');

    expect(recruiterB.events.map((e) => e.jobId)).toEqual([String(b.job._id)]);
    expect(outsiderA.events.map((e) => e.kind)).toEqual(['application.updated']);
    expect(recruiterA.events.some((e) => e.jobId === String(b.job._id))).toBe(false);
  });

  it('a new applicant from the career site or added by a recruiter arrives as application.created with its card', async () => {
    const { co, job, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const hm = await live(co.hm.auth);
    const applicationId = await addApplicant(co, job, 'Grace', 'Hopper');
    const created = await hm.next((e) => e.kind === 'application.created' && e.applicationId === applicationId);
    expect(created).toMatchObject({ jobId: String(job._id), byUserId: null, data: { card: { name: 'Grace Hopper', stageId: stage('screening'), jobTitle: 'Backend Engineer' } } });
  });

  it('candidates added in bulk arrive as one application.created each, for the job’s team', async () => {
    const { co, job, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const people = await Promise.all(
      ['Ada', 'Linus'].map((firstName) => Candidate.create({ customerId: co.customerId, firstName, lastName: 'Sourced', email: `${firstName}@${String(co.customerId)}.test`, source: 'import', currentTitle: 'Engineer', tags: ['go'] })),
    );
    const interviewer = await live(co.employee.auth);
    const res = await request(app).post('/api/candidates/bulk/add-to-job').set('Authorization', co.recruiter.auth).send({ candidateIds: people.map((p) => String(p._id)), jobId: String(job._id) });
    expect(res.body).toMatchObject({ added: 2 });
    await interviewer.until((r) => r.events.filter((e) => e.kind === 'application.created').length === 2);
    const byCandidate = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(interviewer.events.map((e) => [e.candidateId, e.byUserId, e.data.card?.name, e.data.card?.stageId, e.data.card?.currentTitle, e.data.card?.source]).sort(byCandidate)).toEqual(
      people.map((p) => [String(p._id), co.recruiter.id, `${p.firstName} Sourced`, stage('screening'), 'Engineer', 'sourced']).sort(byCandidate),
    );
  });

  it('a reconnect with Last-Event-ID receives exactly what it missed, then live events, none twice', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 4 });
    const first = await live(co.recruiter.auth);
    await move(co.hm.auth, applicationIds[0]!, stage('interview'));
    const before = await first.next(movedTo(applicationIds[0]!, stage('interview')));
    first.close();

    // Made while the recruiter is away.
    for (const id of applicationIds.slice(1)) await move(co.hm.auth, id, stage('interview'));

    const second = await live(co.recruiter.auth, { headers: { 'Last-Event-ID': before.id } });
    await move(co.hm.auth, applicationIds[0]!, stage('offer'));
    await second.next(movedTo(applicationIds[0]!, stage('offer')));

    const ids = second.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing twice on one connection
    // The server re-sends a few seconds before Last-Event-ID (ids of several instances interleave): the
    // client drops the ids it has; the rest older than the resume point came before it connected at all.
    expect(ids).not.toContain(before.id);
    const fresh = second.events.filter((e) => e.id > before.id);
    expect(second.events.filter((e) => e.id < before.id).every((e) => e.kind === 'application.created')).toBe(true);
    expect(fresh.map((e) => [e.applicationId, e.data.card?.stageId])).toEqual([
      ...applicationIds.slice(1).map((id) => [id, stage('interview')]),
      [applicationIds[0], stage('offer')],
    ]);
  });

  it('the first connect may resume with ?lastEventId=; a resume point older than the kept history gets resync', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const first = await live(co.recruiter.auth);
    await move(co.hm.auth, applicationIds[0]!, stage('interview'));
    const before = await first.next(movedTo(applicationIds[0]!, stage('interview')));
    first.close();
    await move(co.hm.auth, applicationIds[1]!, stage('interview'));
    const second = await live(co.recruiter.auth, { query: `?lastEventId=${before.id}` });
    await second.next(movedTo(applicationIds[1]!, stage('interview')));

    const old = await live(co.recruiter.auth, { query: '?lastEventId=5f0000000000000000000000' });
    expect(old.messages.map((m) => m.event)).toEqual([LiveStream.resyncEvent]);
  });

  it('after the change stream breaks, the hub re-opens it from its resume token: nothing written meanwhile is lost', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 2 });
    const recruiter = await live(co.recruiter.auth);
    await move(co.hm.auth, applicationIds[0]!, stage('interview'));
    await recruiter.next(movedTo(applicationIds[0]!, stage('interview')));
    await liveEventHub.interrupt();
    // Written while the hub waits to re-open (it pauses after a failure).
    await move(co.hm.auth, applicationIds[1]!, stage('interview'));
    await recruiter.next(movedTo(applicationIds[1]!, stage('interview')));
    expect(recruiter.events.filter((e) => e.kind === 'application.moved')).toHaveLength(2);
  });

  it('refuses strangers, companyless super admins and a sixth stream of one user; streams are not compressed', async () => {
    const anonymous = await stream({});
    expect(anonymous.status).toBe(401);
    const superAdmin = await buildUser({ superAdmin: true });
    expect((await stream({ auth: `Bearer ${await tokenFor(ctx.config, superAdmin)}` })).status).toBe(403);

    const { co } = await buildPipelineCompany(app, ctx.config, { applicants: 0 });
    const streams = await Promise.all(Array.from({ length: LiveStream.maxStreamsPerUser }, () => stream({ auth: co.admin.auth, headers: { 'Accept-Encoding': 'gzip, deflate, br' } })));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    expect(streams[0]!.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(streams[0]!.headers['content-encoding']).toBeUndefined();
    const sixth = await stream({ auth: co.admin.auth });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('30');
    // Closing one makes room.
    streams[0]!.close();
    await expect.poll(async () => {
      const again = await stream({ auth: co.admin.auth });
      again.close();
      return again.status;
    }, { timeout: 15_000 }).toBe(200);
  });

  it('a browser opens the stream with a one-minute stream token; tokens do not stand in for each other', async () => {
    const { co, applicationIds, stage } = await buildPipelineCompany(app, ctx.config, { applicants: 1 });
    const issued = await request(app).post(PipelineApi.eventsToken).set('Authorization', co.recruiter.auth);
    expect(issued.status).toBe(200);
    const token = issued.body.token as string;
    expect((await request(app).post(PipelineApi.eventsToken)).status).toBe(401);

    // As a browser asks: with gzip accepted, each event must still leave at once.
    const browser = await live('', { query: `?token=${encodeURIComponent(token)}`, headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    await move(co.hm.auth, applicationIds[0]!, stage('interview'));
    await browser.next(movedTo(applicationIds[0]!, stage('interview')));

    // A stream token is no bearer token, and a bearer token does not open a stream from the URL.
    expect((await request(app).get(AuthApi.accessMatrix).set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const bearerInUrl = await stream({ query: `?token=${encodeURIComponent(co.recruiter.auth.slice('Bearer '.length))}` });
    expect(bearerInUrl.status).toBe(401);
  });
});
