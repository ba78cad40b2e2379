import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { buildCustomer } from '../../../test/factories';
import { monthRollup, sumTallies } from './tallies';
import { ReportTally } from './report-tally.model';
import { RebuildTalliesJob } from './rebuild-job';
import { queueReportFigureRepairs } from './figure-repairs';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { StatusEvent } from '../../jobs/status-event.model';
import { Job } from '../../jobs/job.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

describe('the report figure repairs at start', () => {
  it('rebuilds tallies written before roll-ups existed, once per database', async () => {
    const company = await buildCustomer();
    const customerId = company._id;
    // An old database: a sign-in counter (no raw events) kept per day, and no month documents.
    await ReportTally.collection.insertMany([
      { customerId, dim: 'user', key: String(new Types.ObjectId()), day: new Date('2026-03-04T00:00:00Z'), n: { signIns: 3 } },
      { customerId, dim: 'user', key: 'u2', day: new Date('2026-03-20T00:00:00Z'), n: { signIns: 2 } },
    ]);
    await mongoose.connection.collection('migrations').deleteMany({});

    expect(await queueReportFigureRepairs()).toEqual({ queued: true });
    await new JobWorker({ definitions: [RebuildTalliesJob], config: ctx.config, logger: ctx.logger }).drain();

    expect(await ReportTally.countDocuments({ customerId, dim: monthRollup('user') })).toBe(2);
    const [march] = await sumTallies({ tenant: { customerId }, crossTenant: false, dim: 'user', counters: ['signIns'], from: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-04-01T00:00:00Z'), groupBy: 'none' });
    expect(march!.sums.signIns).toBe(5);
    // The stage dimensions had no raw events: nothing invented.
    expect(await StageEvent.countDocuments({ customerId })).toBe(0);
    expect(await ReportTally.countDocuments({ customerId, dim: { $in: ['src', monthRollup('src')] } })).toBe(0);

    expect(await queueReportFigureRepairs()).toEqual({ queued: false });
  });

  it('gives jobs opened before they kept a vacancy history their history, once per database', async () => {
    const { _id: customerId } = await buildCustomer();
    const openedAt = new Date('2026-02-01T00:00:00Z');
    // An old job: opened, put on hold for ten days, filled by one hire; no history on the job.
    const [job] = await Job.collection.insertMany([{ customerId, title: 'Old job', status: 'filled', headcount: 1, openedAt, stages: [], stageCounts: {} }]).then((r) => Object.values(r.insertedIds));
    const at = (day: number) => new Date(Date.UTC(2026, 1, day));
    await StatusEvent.collection.insertMany([
      { customerId, entity: 'job', entityId: job, jobId: job, from: 'draft', to: 'open', at: at(1) },
      { customerId, entity: 'job', entityId: job, jobId: job, from: 'open', to: 'on_hold', at: at(5) },
      { customerId, entity: 'job', entityId: job, jobId: job, from: 'on_hold', to: 'open', at: at(15) },
      { customerId, entity: 'job', entityId: job, jobId: job, from: 'open', to: 'filled', at: at(20) },
    ]);
    await StageEvent.collection.insertOne({ customerId, applicationId: new Types.ObjectId(), jobId: job, candidateId: new Types.ObjectId(), toKind: 'hired', at: at(20), daysToHire: 12 });
    await mongoose.connection.collection('migrations').deleteOne({ _id: 'report-jobs-vacancy-history' as never });

    expect(await queueReportFigureRepairs()).toEqual({ queued: true });
    await new JobWorker({ definitions: [RebuildTalliesJob], config: ctx.config, logger: ctx.logger }).drain();
    const kept = await Job.findOne({ customerId, _id: job }).lean();
    expect(kept!.vacancy).toEqual({ firstOpenAt: at(1), endedAt: at(20), heldMs: 10 * 86_400_000, holdSince: null, fills: [at(20)] });
    expect(await queueReportFigureRepairs()).toEqual({ queued: false });
  });

  it('gives jobs created before they kept their applications per kind of stage those counts, once per database', async () => {
    const { _id: customerId } = await buildCustomer();
    const [screen, talk, hired] = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
    const stages = [{ _id: screen, name: 'Applied', kind: 'screening' }, { _id: talk, name: 'Call', kind: 'screening' }, { _id: hired, name: 'Hired', kind: 'hired' }];
    const [job] = await Job.collection
      .insertMany([{ customerId, title: 'Old job', status: 'open', headcount: 1, openedAt: null, stages, stageCounts: { [String(screen)]: 4, [String(talk)]: 3, [String(hired)]: 1 } }])
      .then((r) => Object.values(r.insertedIds));
    await mongoose.connection.collection('migrations').deleteOne({ _id: 'report-jobs-kind-counts' as never });

    expect(await queueReportFigureRepairs()).toEqual({ queued: true });
    await new JobWorker({ definitions: [RebuildTalliesJob], config: ctx.config, logger: ctx.logger }).drain();
    const kept = await Job.findOne({ customerId, _id: job }).lean();
    expect(kept!.kindCounts).toEqual({ screening: 7, interview: 0, offer: 0, hired: 1, rejected: 0 });
    expect(await queueReportFigureRepairs()).toEqual({ queued: false });
  });
});
