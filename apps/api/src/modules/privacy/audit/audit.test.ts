import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { Types } from 'mongoose';
import type { Express } from 'express';
import { ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { AuditActionLabels, AuditPageSize, ZAuditList, type TAuditAction, type TAuditList } from '@hireflow/contracts/privacy';
import { startTestApp, TestCaptchaText } from '../../../test/test-app';
import { buildUser, FactoryPassword } from '../../../test/factories';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';
import { Candidate } from '../../candidates/candidate.model';
import { Customer } from '../../org/customer.model';
import { ensureRecurringJobs, JobWorker } from '../../../lib/job-queue';
import { QueueJob } from '../../../lib/job-queue.model';
import { recordAudit } from './audit';
import { AuditEntry } from './audit-entry.model';
import { AuditPurgeJob } from './audit.jobs';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let ada: string;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  [acme, globex] = [await buildJobsCompany(ctx.config), await buildJobsCompany(ctx.config)];
  ada = String((await Candidate.create({ customerId: acme.customerId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.test', source: 'import' }))._id);
});
afterAll(() => ctx.stop());

const nameOf = (co: JobsCompany['admin']) => `${co.user.firstName} ${co.user.lastName}`;
const entriesOf = (customerId: Types.ObjectId, filter: Record<string, unknown> = {}) => AuditEntry.find({ customerId, ...filter }).sort({ at: 1, _id: 1 }).lean();
const list = async (auth: string, query: Record<string, string | number> = {}): Promise<TAuditList> => {
  const res = await request(app).get('/api/privacy/audit').query(query).set('Authorization', auth);
  expect(res.status).toBe(200);
  return ZAuditList.parse(res.body);
};
const waitForExport = async (auth: string, jobId: string) => {
  let ready: TExportStatus | undefined;
  await vi.waitFor(
    async () => {
      ready = ZExportStatus.parse((await request(app).get(`/api/exports/${jobId}`).set('Authorization', auth).expect(200)).body);
      expect(ready.state).toBe('done');
    },
    { timeout: 15_000, interval: 50 },
  );
  return ready!;
};
const download = (auth: string, url: string) =>
  request(app)
    .get(url)
    .set('Authorization', auth)
    .buffer(true)
    .parse(binaryBody);

describe('what is recorded', () => {
  it('a profile view through the API: one `viewed` entry naming the user and the person', async () => {
    await request(app).get(`/api/candidates/${ada}`).set('Authorization', acme.admin.auth).expect(200);
    await request(app).get(`/api/candidates/${ada}`).set('Authorization', acme.admin.auth).expect(200);
    const viewed = await entriesOf(acme.customerId, { action: 'viewed' });
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ actorName: nameOf(acme.admin), personName: 'Ada Lovelace', personKey: 'ada lovelace ada@engine.test' });
    expect(String(viewed[0]!.actorId)).toBe(acme.admin.id);
    expect(String(viewed[0]!.candidateId)).toBe(ada);
  });

  it('a profile edit: `changed`, saying what changed', async () => {
    await request(app).patch(`/api/candidates/${ada}`).set('Authorization', acme.admin.auth).send({ phone: '+44 20 7946 0000' }).expect(200);
    const changed = await entriesOf(acme.customerId, { action: 'changed' });
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ actorName: nameOf(acme.admin), personName: 'Ada Lovelace', detail: 'Changed phone' });
  });

  it('an Excel export of candidates: `exported` for each exported person', async () => {
    const res = await request(app).post('/api/candidates/bulk/export').set('Authorization', acme.admin.auth).send({ candidateIds: [ada] }).expect(202);
    await waitForExport(acme.admin.auth, res.body.jobId);
    const exported = await entriesOf(acme.customerId, { action: 'exported', candidateId: new Types.ObjectId(ada) });
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ actorName: nameOf(acme.admin), personName: 'Ada Lovelace', detail: 'Exported to Excel' });
  });

  it('an Excel export of users: `exported` with what it was', async () => {
    const res = await request(app).post('/api/user/export').set('Authorization', acme.admin.auth).send({ filters: {} }).expect(202);
    await waitForExport(acme.admin.auth, res.body.jobId);
    const exported = await entriesOf(acme.customerId, { action: 'exported', candidateId: null });
    expect(exported.map((e) => e.detail)).toEqual([expect.stringMatching(/^Users exported to Excel \(\d+\)$/)]);
    expect(exported[0]!.actorName).toBe(nameOf(acme.admin));
  });

  it('a sign-in of a company user: `signed_in`; the platform super admin is in no company trail', async () => {
    const captcha = async () => (await request(app).get('/api/captcha_api').expect(200)).body.capId as string;
    const login = async (email: string) => request(app).post('/api/user/login').send({ email, password: FactoryPassword, captchaId: await captcha(), captchaText: TestCaptchaText }).expect(200);
    await login(acme.recruiter.user.email);
    const signedIn = await entriesOf(acme.customerId, { action: 'signed_in' });
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ actorName: nameOf(acme.recruiter), personName: '', candidateId: null });

    const platform = await buildUser({ superAdmin: true, role: 'recruiter' });
    const before = await AuditEntry.countDocuments({}).setOptions({ crossTenant: true });
    await login(platform.email);
    expect(await AuditEntry.countDocuments({}).setOptions({ crossTenant: true })).toBe(before);
  });
});

describe('GET /api/privacy/audit', () => {
  let co: JobsCompany;
  const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);

  beforeAll(async () => {
    co = await buildJobsCompany(ctx.config);
    const admin = { id: co.admin.user._id, name: nameOf(co.admin) };
    const recruiter = { id: co.recruiter.user._id, name: nameOf(co.recruiter) };
    const grace = { id: new Types.ObjectId(), name: 'Grace Hopper', email: 'grace@navy.test' };
    const alan = { id: new Types.ObjectId(), name: 'Alan Turing', email: 'a.turing@bletchley.test' };
    const base = { customerId: co.customerId };
    await recordAudit([
      { ...base, action: 'viewed', at: at('2026-03-01', 0), actor: admin, person: grace },
      { ...base, action: 'changed', at: at('2026-03-02'), actor: recruiter, person: grace, detail: 'Changed email' },
      { ...base, action: 'exported', at: at('2026-03-03', 23), actor: recruiter, person: alan, detail: 'Exported to Excel' },
      { ...base, action: 'signed_in', at: at('2026-03-04'), actor: admin },
      // Fifty-two more views on a later day: the pages.
      ...Array.from({ length: 52 }, (_, i) => ({ ...base, action: 'viewed' as TAuditAction, at: new Date(at('2026-04-01').getTime() + i * 60_000), actor: recruiter, person: alan })),
    ]);
  });

  it('403 without the companySettings right, 401 without a session', async () => {
    expect((await request(app).get('/api/privacy/audit').set('Authorization', co.recruiter.auth)).status).toBe(403);
    expect((await request(app).post('/api/privacy/audit/export').set('Authorization', co.recruiter.auth).send({})).status).toBe(403);
    expect((await request(app).get('/api/privacy/audit')).status).toBe(401);
  });

  it('answers the newest fifty first, then the rest, with the total and how long entries are kept', async () => {
    await Customer.updateOne({ _id: co.customerId }, { $set: { 'privacy.auditMonths': 18 } });
    const first = await list(co.admin.auth);
    expect(first).toMatchObject({ total: 56, page: 1, pageSize: AuditPageSize, keptMonths: 18 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.at).toBe(new Date(at('2026-04-01').getTime() + 51 * 60_000).toISOString());
    expect(first.items[0]).toMatchObject({ action: 'viewed', actor: { id: co.recruiter.id, name: nameOf(co.recruiter) }, person: { name: 'Alan Turing' } });
    const second = await list(co.admin.auth, { page: 2 });
    expect(second.items.map((e) => e.action)).toEqual(['viewed', 'viewed', 'signed_in', 'exported', 'changed', 'viewed']);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(56);
    expect(second.items.find((e) => e.action === 'signed_in')).toMatchObject({ person: null, detail: '' });
  });

  it('finds a person by part of the name or email, in any case, literally', async () => {
    const grace = await list(co.admin.auth, { person: 'GRACE' });
    expect(grace.items.map((e) => e.action)).toEqual(['changed', 'viewed']);
    expect((await list(co.admin.auth, { person: 'bletchley.test' })).total).toBe(53);
    expect((await list(co.admin.auth, { person: 'a.turing' })).total).toBe(53);
    // "." is a dot, not any character; regex syntax finds nothing instead of failing.
    expect((await list(co.admin.auth, { person: 'a.t.ring' })).total).toBe(0);
    expect((await list(co.admin.auth, { person: '(.*' })).total).toBe(0);
  });

  it('filters by user, action and inclusive UTC days, together', async () => {
    expect((await list(co.admin.auth, { userId: co.admin.id })).items.map((e) => e.action)).toEqual(['signed_in', 'viewed']);
    expect((await list(co.admin.auth, { action: 'exported' })).items.map((e) => e.person?.name)).toEqual(['Alan Turing']);
    const days = await list(co.admin.auth, { from: '2026-03-01', to: '2026-03-03' });
    expect(days.items.map((e) => e.action)).toEqual(['exported', 'changed', 'viewed']);
    expect((await list(co.admin.auth, { from: '2026-03-02', to: '2026-03-02' })).items.map((e) => e.action)).toEqual(['changed']);
    expect((await list(co.admin.auth, { userId: co.recruiter.id, action: 'viewed', from: '2026-04-01' })).total).toBe(52);
    expect((await list(co.admin.auth, { person: 'grace', action: 'exported' })).total).toBe(0);
  });

  it('400 with a sentence for a bad action, date or user', async () => {
    const bad = async (query: Record<string, string>) => request(app).get('/api/privacy/audit').query(query).set('Authorization', co.admin.auth);
    expect((await bad({ action: 'deleted' })).body.message).toMatch(/action: is not a known action/);
    expect((await bad({ from: '03/01/2026' })).status).toBe(400);
    expect((await bad({ userId: 'me' })).status).toBe(400);
    expect((await bad({ person: 'x'.repeat(201) })).status).toBe(400);
  });

  it('lists the company’s users for the filter, only to holders of the right', async () => {
    const res = await request(app).get('/api/privacy/audit/users').set('Authorization', co.admin.auth).expect(200);
    const ids = (res.body.users as { id: string; name: string }[]).map((u) => u.id);
    expect(ids).toContain(co.recruiter.id);
    expect(ids).not.toContain(globex.admin.id);
    expect(res.body.users.find((u: { id: string }) => u.id === co.admin.id)).toMatchObject({ name: nameOf(co.admin), email: co.admin.user.email });
    expect((await request(app).get('/api/privacy/audit/users').set('Authorization', co.recruiter.auth)).status).toBe(403);
  });

  it('a company never sees another company’s entries', async () => {
    const theirs = await list(globex.admin.auth, { person: 'a' });
    expect(theirs.total).toBe(0);
    expect((await list(globex.admin.auth, { userId: co.recruiter.id })).total).toBe(0);
    const all = await list(globex.admin.auth);
    expect(all.items.every((e) => e.actor.id === null || [globex.admin.id, globex.recruiter.id].includes(e.actor.id))).toBe(true);
  });

  it('exports the filtered trail to Excel: a header block, then exactly the rows of the list; the export is audited; another company gets 404 for it', async () => {
    const filters = { userId: co.recruiter.id, action: 'viewed', from: '2026-04-01', to: '2026-04-01' };
    const res = await request(app).post('/api/privacy/audit/export').set('Authorization', co.admin.auth).send(filters).expect(202);
    const ready = await waitForExport(co.admin.auth, res.body.jobId);
    expect(ready.fileName).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await request(app).get(`/api/exports/${res.body.jobId}`).set('Authorization', globex.admin.auth)).status).toBe(404);

    const file = await download(co.admin.auth, ready.fileUrl!);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as Buffer as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Audit trail')!.getSheetValues().slice(1).map((r) => ((r as unknown[] | undefined) ?? []).slice(1));
    expect(rows[0]).toEqual(['Audit trail']);
    expect(rows[1]).toEqual([`Company: ${co.customer.name}`]);
    expect(rows[2]).toEqual([`Filters: User: ${nameOf(co.recruiter)}; Action: Viewed a profile; Dates: 2026-04-01 to 2026-04-01`]);
    expect(String(rows[3]![0])).toMatch(new RegExp(`^Made on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC by ${nameOf(co.admin)}$`));
    expect(rows[5]).toEqual(['When (UTC)', 'Who', 'Action', 'Person', 'Detail']);

    const shown = [...(await list(co.admin.auth, filters)).items, ...(await list(co.admin.auth, { ...filters, page: 2 })).items];
    expect(shown).toHaveLength(52);
    const asRow = (r: unknown[]) => [(r[0] as Date).toISOString(), r[1], r[2], r[3] ?? '', r[4] ?? ''];
    expect(rows.slice(6).map(asRow)).toEqual(shown.map((e) => [e.at, e.actor.name, AuditActionLabels[e.action], e.person?.name ?? '', e.detail]));

    const audited = await list(co.admin.auth, { action: 'exported', userId: co.admin.id });
    expect(audited.items.map((e) => e.detail)).toEqual(['Audit trail exported']);
  });
});

describe('the daily purge', () => {
  it('deletes, by the worker’s clock, only the entries older than each company’s own period', async () => {
    await ctx.worker.stop({ graceMs: 0 });
    const short = await buildJobsCompany(ctx.config);
    const long = await buildJobsCompany(ctx.config);
    await Customer.updateOne({ _id: short.customerId }, { $set: { 'privacy.auditMonths': 6 } });
    await Customer.updateOne({ _id: long.customerId }, { $set: { 'privacy.auditMonths': 24 } });
    const entry = (co: JobsCompany, day: string, detail: string) => ({ customerId: co.customerId, action: 'signed_in' as const, at: new Date(`${day}T12:00:00.000Z`), actor: { id: co.admin.user._id, name: 'x' }, detail });
    await recordAudit([entry(short, '2029-12-14', 'old'), entry(short, '2029-12-16', 'recent'), entry(long, '2029-12-14', 'old'), entry(long, '2028-06-14', 'older')]);

    let now = new Date('2030-06-15T06:00:00.000Z');
    const worker = new JobWorker({ definitions: [AuditPurgeJob], config: ctx.config, logger: ctx.logger, now: () => now });
    await QueueJob.deleteMany({ name: AuditPurgeJob.name });
    await ensureRecurringJobs([AuditPurgeJob], now);
    await worker.drain();
    expect((await entriesOf(short.customerId)).map((e) => e.detail)).toEqual(['recent']);
    expect((await entriesOf(long.customerId)).map((e) => e.detail)).toEqual(['old']);

    // A day later the next run takes what has aged past six months since.
    now = new Date('2030-06-17T06:00:00.000Z');
    await worker.drain();
    expect(await entriesOf(short.customerId)).toEqual([]);
    expect((await entriesOf(long.customerId)).map((e) => e.detail)).toEqual(['old']);
  });
});
