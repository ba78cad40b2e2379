import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { JobWorker } from '../../../lib/job-queue';
import { buildCustomer } from '../../../test/factories';
import { monthRollup, sumTallies } from './tallies';
import { ReportTally } from './report-tally.model';
import { RebuildTalliesJob } from './rebuild-job';
import { queueMonthRollups } from './rollup-migration';
import { StageEvent } from '../../candidates/applications/stage-event.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

describe('the month roll-up migration', () => {
  it('rebuilds tallies written before roll-ups existed, once per database', async () => {
    const company = await buildCustomer();
    const customerId = company._id;
    // An old database: a sign-in counter (no raw events) kept per day, and no month documents.
    await ReportTally.collection.insertMany([
      { customerId, dim: 'user', key: String(new Types.ObjectId()), day: new Date('2026-03-04T00:00:00Z'), n: { signIns: 3 } },
      { customerId, dim: 'user', key: 'u2', day: new Date('2026-03-20T00:00:00Z'), n: { signIns: 2 } },
    ]);
    await mongoose.connection.collection('migrations').deleteOne({ _id: 'report-tallies-month-rollups' as never });

    expect(await queueMonthRollups()).toEqual({ queued: true });
    await new JobWorker({ definitions: [RebuildTalliesJob], config: ctx.config, logger: ctx.logger }).drain();

    expect(await ReportTally.countDocuments({ customerId, dim: monthRollup('user') })).toBe(2);
    const [march] = await sumTallies({ tenant: { customerId }, crossTenant: false, dim: 'user', counters: ['signIns'], from: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-04-01T00:00:00Z'), groupBy: 'none' });
    expect(march!.sums.signIns).toBe(5);
    // The stage dimensions had no raw events: nothing invented.
    expect(await StageEvent.countDocuments({ customerId })).toBe(0);
    expect(await ReportTally.countDocuments({ customerId, dim: { $in: ['src', monthRollup('src')] } })).toBe(0);

    expect(await queueMonthRollups()).toEqual({ queued: false });
  });
});
