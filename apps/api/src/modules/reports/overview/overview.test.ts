import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { ZReportsOverview, type TOverviewCard } from '@hireflow/contracts/reports';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { QueueJob } from '../../../lib/job-queue.model';
import { Job } from '../../jobs/job.model';
import { StatusEvent } from '../../jobs/status-event.model';
import { OfferEvent } from '../../offers/offer-event.model';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { ReportTally } from '../tallies/report-tally.model';
import { rebuildAllTallies } from '../tallies/rebuild';
import { reportsOverview } from './overview.service';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let A: Types.ObjectId;
let B: Types.ObjectId;
const t: Record<string, string> = {};
const NOW = new Date('2026-06-15T12:00:00Z');
const at = (s: string) => new Date(s.length === 10 ? `${s}T10:00:00Z` : s);

/** Jobs as they are now, and their status history. */
async function jobs(customerId: Types.ObjectId, history: { status: string; events: [from: string | null, to: string, day: string][] }[]) {
  for (const h of history) {
    const _id = new Types.ObjectId();
    await Job.collection.insertOne({ _id, customerId, status: h.status, title: 'Job', stages: [] });
    await StatusEvent.insertMany(h.events.map(([from, to, day]) => ({ customerId, entity: 'job', entityId: _id, jobId: _id, from, to, at: at(day) })));
  }
}

/** A career-site application (time to hire counts from the application), created and maybe hired. */
async function application(customerId: Types.ObjectId, appliedDay: string, hiredDay?: string) {
  const _id = new Types.ObjectId();
  const jobId = new Types.ObjectId();
  const candidateId = new Types.ObjectId();
  const appliedAt = at(appliedDay);
  await Application.collection.insertOne({ _id, customerId, jobId, candidateId, stageId: new Types.ObjectId(), stageKind: hiredDay ? 'hired' : 'screening', stageEnteredAt: hiredDay ? at(hiredDay) : appliedAt, source: 'career_site', appliedAt });
  const base = { customerId, applicationId: _id, jobId, candidateId, by: null, reason: '', withdrawn: false };
  await StageEvent.collection.insertOne({ ...base, fromKind: null, toStageId: new Types.ObjectId(), toKind: 'screening', at: appliedAt });
  if (hiredDay) await StageEvent.collection.insertOne({ ...base, fromKind: 'screening', toStageId: new Types.ObjectId(), toKind: 'hired', at: at(hiredDay) });
}

async function offers(customerId: Types.ObjectId, events: [kind: string, when: string][]) {
  await OfferEvent.insertMany(events.map(([kind, when]) => ({ customerId, offerId: new Types.ObjectId(), applicationId: new Types.ObjectId(), jobId: new Types.ObjectId(), kind, at: at(when) })));
}

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  A = a._id;
  B = b._id;

  await jobs(A, [
    { status: 'open', events: [['draft', 'open', '2026-01-10']] },
    { status: 'open', events: [['draft', 'open', '2026-05-20']] },
    { status: 'open', events: [['draft', 'open', '2026-06-02']] },
    { status: 'closed', events: [['draft', 'open', '2026-02-01'], ['open', 'closed', '2026-05-30']] },
    // Put on hold, resumed (not a new opening), on hold again.
    { status: 'on_hold', events: [['draft', 'open', '2026-03-05'], ['open', 'on_hold', '2026-04-01'], ['on_hold', 'open', '2026-04-10'], ['open', 'on_hold', '2026-06-05']] },
  ]);
  await jobs(B, [{ status: 'open', events: [['draft', 'open', '2026-06-03']] }, { status: 'open', events: [['draft', 'open', '2026-01-03']] }]);

  // Applications by month and hires with their calendar days from application to hire.
  await application(A, '2025-12-20', '2026-01-09'); // hired in January after 20 days (the previous 90 days)
  await application(A, '2026-01-05', '2026-02-04'); // February, 30 days (previous 90 days)
  await application(A, '2026-04-01', '2026-04-11'); // April, 10 days (last 90 days)
  await application(A, '2026-05-03', '2026-05-07'); // May, 4 days (last 90 days)
  await application(A, '2026-05-10', '2026-06-09'); // June, 30 days (last 90 days)
  await application(A, '2026-05-31T23:00:00Z');
  await application(A, '2026-06-01T00:30:00Z');
  await application(A, '2026-06-14');
  await application(B, '2026-06-10', '2026-06-11');
  await application(B, '2026-06-11');

  await offers(A, [
    ['accepted', '2026-01-10'],
    ['declined', '2026-02-01'],
    ['declined', '2026-03-17T23:59:00Z'], // the last day of the previous 90 days
    ['accepted', '2026-03-20'],
    ['sent', '2026-05-01'],
    ['accepted', '2026-05-05'],
    ['declined', '2026-05-20'],
    ['accepted', '2026-06-15T11:00:00Z'],
  ]);
  await offers(B, [['declined', '2026-06-01'], ['declined', '2026-06-02']]);
  await rebuildAllTallies(A);
  await rebuildAllTallies(B);

  t.reporterA = await tokenFor(ctx.config, await buildUser({ customerId: A, rights: ['viewReports'] }));
  t.plainA = await tokenFor(ctx.config, await buildUser({ customerId: A, rights: [] }));
  t.adminA = await tokenFor(ctx.config, await buildUser({ customerId: A, admin: true, role: 'employee' }));
  t.superAdmin = await tokenFor(ctx.config, await buildUser({ superAdmin: true, role: 'employee' }));
});
afterAll(() => ctx.stop());

const card = (cards: TOverviewCard[], key: TOverviewCard['key']) => cards.find((c) => c.key === key)!;
const months = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026'];
const trend = (values: (number | null)[]) => values.map((value, i) => ({ label: months[i], value }));

describe('reportsOverview', () => {
  it('answers the four cards of the hand-built history', async () => {
    const { cards } = ZReportsOverview.parse(await reportsOverview(A, NOW));
    expect(cards.map((c) => c.key)).toEqual(['openJobs', 'applicationsThisMonth', 'medianTimeToHire', 'offerAcceptance']);

    // Open now: the three open jobs (the closed and the held one are not). At the start of June: the
    // January and May openings and the job resumed in April (held again only on 5 June); the closed one
    // closed on 30 May. Opened per month: the resume from hold in April is not an opening.
    expect(card(cards, 'openJobs')).toMatchObject({ value: 3, previous: 3, kind: 'count', trend: trend([1, 1, 1, 0, 1, 1]) });

    // June so far: 1 June 00:30 and 14 June; May: the 3rd, the 10th and the 31st at 23:00.
    expect(card(cards, 'applicationsThisMonth')).toMatchObject({ value: 2, previous: 3, kind: 'count', trend: trend([1, 0, 0, 1, 3, 2]) });

    // Last 90 days (18 March to 15 June): hires after 10, 4 and 30 days: median 10. The 90 before: 20
    // and 30 days: the lower middle of two, 20 (read from whole-day bins). By month of the hire.
    expect(card(cards, 'medianTimeToHire')).toMatchObject({ value: 10, previous: 20, kind: 'days', trend: trend([20, 30, null, 10, 4, 30]) });

    // Last 90 days: accepted 20 March, 5 May, 15 June; declined 20 May: 3 of 4. The 90 before: accepted
    // 10 January; declined 1 February and 17 March: 1 of 3. The "sent" event is no decision.
    expect(card(cards, 'offerAcceptance')).toMatchObject({ value: 75, previous: 33.3, kind: 'percent', trend: trend([100, 0, 50, null, 50, 100]) });
  });

  it("counts only the company's own data", async () => {
    const { cards } = await reportsOverview(B, NOW);
    expect(card(cards, 'openJobs')).toMatchObject({ value: 2, previous: 1, trend: trend([1, 0, 0, 0, 0, 1]) });
    expect(card(cards, 'applicationsThisMonth')).toMatchObject({ value: 2, previous: 0 });
    expect(card(cards, 'medianTimeToHire')).toMatchObject({ value: 1, previous: null });
    expect(card(cards, 'offerAcceptance')).toMatchObject({ value: 0, previous: null });
  });
});

describe('GET /api/reports', () => {
  it('403 without viewReports; with it, the overview of the caller\'s company', async () => {
    expect((await request(app).get('/api/reports').set('Authorization', `Bearer ${t.plainA!}`)).status).toBe(403);
    ctx.app.locals.clock = { now: () => NOW.getTime() };
    try {
      const res = await request(app).get('/api/reports').set('Authorization', `Bearer ${t.reporterA!}`).expect(200);
      expect(res.body).toEqual(await reportsOverview(A, NOW));
      expect(card(res.body.cards, 'openJobs').value).toBe(3);
    } finally {
      delete ctx.app.locals.clock;
    }
  });
});

describe('POST /api/superadmin/reports/rebuild', () => {
  const rebuild = (token: string, body: object) => request(app).post('/api/superadmin/reports/rebuild').set('Authorization', `Bearer ${token}`).send(body);
  const untilDone = (jobId: string) =>
    vi.waitFor(
      async () => {
        const job = await QueueJob.findById(jobId).lean();
        expect(job?.state).toBe('done');
        return job!;
      },
      { timeout: 20_000, interval: 50 },
    );

  it('is the super admin\'s only; 404 for an unknown company, 400 for a bad id', async () => {
    expect((await rebuild(t.adminA!, {})).status).toBe(403);
    expect((await rebuild(t.reporterA!, { companyId: String(A) })).status).toBe(403);
    expect((await rebuild(t.superAdmin!, { companyId: 'nope' })).status).toBe(400);
    expect((await rebuild(t.superAdmin!, { companyId: String(new Types.ObjectId()) })).status).toBe(404);
  });

  it('restores deleted tallies of one company, or of every company', async () => {
    const before = await reportsOverview(A, NOW);
    const countOf = async (customerId: Types.ObjectId) => ReportTally.countDocuments({ customerId });
    const tallies = { A: await countOf(A), B: await countOf(B) };
    expect(tallies.A).toBeGreaterThan(0);

    await ReportTally.deleteMany({ customerId: A });
    expect(card((await reportsOverview(A, NOW)).cards, 'applicationsThisMonth').value).toBe(0);
    const one = await rebuild(t.superAdmin!, { companyId: String(A) });
    expect(one.status).toBe(202);
    expect(one.body).toEqual({ jobId: expect.stringMatching(/^[a-f0-9]{24}$/) });
    const job = await untilDone(one.body.jobId);
    expect(job.name).toBe('reports.rebuild-tallies');
    expect(job.result).toMatchObject({ companies: 1 });
    expect(await countOf(A)).toBe(tallies.A);
    expect(await reportsOverview(A, NOW)).toEqual(before);

    // Every company: both come back.
    await ReportTally.deleteMany({ customerId: { $in: [A, B] } });
    const all = await rebuild(t.superAdmin!, {}).expect(202);
    await untilDone(all.body.jobId);
    expect({ A: await countOf(A), B: await countOf(B) }).toEqual(tallies);
    expect(await reportsOverview(A, NOW)).toEqual(before);
  });
});
