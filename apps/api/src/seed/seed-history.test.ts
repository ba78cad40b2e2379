import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Types } from 'mongoose';
import { ApplicationSources } from '@hireflow/contracts/candidates';
import { TatDefaults } from '@hireflow/contracts/reports';
import { startTestApp } from '../test/test-app';
import { comparableCounters } from '../test/tally-counters';
import { Customer } from '../modules/org/customer.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { StatusEvent } from '../modules/jobs/status-event.model';
import { InterviewEvent } from '../modules/interviews/interview-event.model';
import { Scorecard } from '../modules/interviews/feedback/scorecard.model';
import { OfferEvent } from '../modules/offers/offer-event.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { ReportTally } from '../modules/reports/tallies/report-tally.model';
import { rebuildAllTallies } from '../modules/reports/tallies/rebuild';
import { sumTallies } from '../modules/reports/tallies/tallies';
import { binCounters, histogramPercentile } from '../modules/reports/tallies/histogram';
import { seedDemoData } from './seed';
import { HistoryDays } from './seed-history';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let customerId: Types.ObjectId;
const Day = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
  customerId = (await Customer.findOne({ slug: 'acme' }).lean())!._id;
}, 300_000);
afterAll(() => ctx.stop());

const tallies = async () =>
  (await ReportTally.find({ customerId }, { _id: 0 }).lean())
    .map((t) => ({ dim: t.dim, key: t.key, day: t.day, n: comparableCounters(t.n as Record<string, unknown>) }))
    .filter((t) => Object.keys(t.n).length) // a tally whose counters all went back to zero counts nothing
    .map((t) => JSON.stringify(t))
    .sort();

describe('the demo history (two years of Acme for the reports)', () => {
  it('spans two years, with applications from every source growing and every stage reached in both years', async () => {
    const oldest = await StageEvent.findOne({ customerId }).sort({ at: 1 }).lean();
    expect(oldest!.at.getTime()).toBeLessThan(now - (HistoryDays - 40) * Day);
    const yearAgo = new Date(now - 365 * Day);
    for (const range of [{ $lt: yearAgo }, { $gte: yearAgo }]) {
      expect((await StageEvent.distinct('toKind', { customerId, at: range })).sort()).toEqual(['hired', 'interview', 'offer', 'rejected', 'screening']);
      expect((await Application.distinct('source', { customerId, appliedAt: range })).sort()).toEqual([...ApplicationSources].sort());
    }
    const firstYear = await Application.countDocuments({ customerId, appliedAt: { $lt: yearAgo } });
    const secondYear = await Application.countDocuments({ customerId, appliedAt: { $gte: yearAgo } });
    expect(firstYear).toBeGreaterThan(300);
    expect(secondYear).toBeGreaterThan(firstYear);
    // Every stage event carries its application's source (what filtered reports match on).
    expect(await StageEvent.countDocuments({ customerId, source: null })).toBe(0);
    expect(await StageEvent.countDocuments({ customerId, toKind: 'hired', daysToHire: null })).toBe(0);
  });

  it('has rejections with several of the company’s reasons by different people, and withdrawals', async () => {
    const rejections = await StageEvent.find({ customerId, toKind: 'rejected', withdrawn: false, at: { $lt: new Date(now - 365 * Day) } }, { reason: 1, by: 1 }).lean();
    expect(new Set(rejections.map((r) => r.reason)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rejections.map((r) => String(r.by))).size).toBeGreaterThanOrEqual(3);
    expect(await StageEvent.countDocuments({ customerId, toKind: 'rejected', withdrawn: true })).toBeGreaterThan(20);
  });

  it('has job status, interview, scorecard, offer and activity history of every kind the reports count', async () => {
    expect((await StatusEvent.distinct('to', { customerId, entity: 'job' })).sort()).toEqual(expect.arrayContaining(['closed', 'filled', 'on_hold', 'open']));
    const kinds = await InterviewEvent.distinct('kind', { customerId, at: { $lt: new Date(now - 365 * Day) } });
    expect(kinds).toEqual(expect.arrayContaining(['scheduled', 'completed', 'did_not_happen', 'incident', 'feedback_submitted']));
    const missed = await InterviewEvent.findOne({ customerId, kind: 'did_not_happen' }).lean();
    expect((missed!.data as { reason: string }).reason).toBeTruthy();
    expect((await Scorecard.distinct('recommendation', { customerId, status: 'submitted' })).sort()).toEqual(['no', 'strong_no', 'strong_yes', 'yes']);
    expect(await OfferEvent.distinct('kind', { customerId })).toEqual(expect.arrayContaining(['created', 'sent', 'accepted', 'declined']));
    expect(await CandidateActivity.distinct('kind', { customerId, at: { $lt: new Date(now - 365 * Day) } })).toEqual(
      expect.arrayContaining(['applied', 'stage_moved', 'note_added', 'email_sent', 'interview_scheduled', 'feedback_submitted', 'offer_updated']),
    );
  });

  it('keeps the interview stages slower than their turnaround target and screening faster (the bottleneck report finds one)', async () => {
    const median = async (kind: string) => {
      const counters = binCounters(`stay.${kind}`);
      const [sums] = await sumTallies({ tenant: { customerId }, crossTenant: false, dim: 'src', counters, groupBy: 'none', until: new Date(now - 200 * Day) });
      return histogramPercentile(counters.map((c) => sums!.sums[c]!), 50)!;
    };
    expect(await median('interview')).toBeGreaterThan(TatDefaults.interview);
    expect(await median('screening')).toBeLessThan(TatDefaults.screening);
  });

  it('has sign-ins and actions per user over the two years, and maintained figures that equal a rebuild from the events', async () => {
    const usage = await sumTallies({ tenant: { customerId }, crossTenant: false, dim: 'user', counters: ['signIns', 'actions'], groupBy: 'month' });
    expect(usage.length).toBeGreaterThanOrEqual(24);
    expect(usage.every((m) => m.sums.signIns! > 0 && m.sums.actions! > 0)).toBe(true);
    expect(usage.at(-2)!.sums.signIns).toBeGreaterThan(usage[1]!.sums.signIns!);

    const before = await tallies();
    expect(before.length).toBeGreaterThan(1000);
    await rebuildAllTallies(customerId);
    expect(await tallies()).toEqual(before);
  }, 120_000);
});
