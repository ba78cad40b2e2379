import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { enqueueJob } from '../../../lib/job-queue';
import { ReportTally } from './report-tally.model';
import { RebuildTalliesJob } from './rebuild-job';

const MarkerId = 'report-tallies-month-rollups';

/**
 * Once per database: tallies written before the month roll-ups existed (and per-job interview tallies kept
 * per month) are rebuilt for every company by the background repair job, so long ranges read the roll-ups.
 * A database with no tallies yet (a fresh one, which the seed fills in the new shape) only gets the marker.
 */
export async function queueMonthRollups(logger?: Logger): Promise<{ queued: boolean }> {
  const markers = mongoose.connection.collection<{ _id: string; at: Date }>('migrations');
  if (await markers.findOne({ _id: MarkerId })) return { queued: false };
  const queued = Boolean(await ReportTally.exists({}).setOptions({ crossTenant: true }));
  if (queued) await enqueueJob(RebuildTalliesJob.name, { companyId: null }, { maxAttempts: RebuildTalliesJob.maxAttempts });
  await markers.insertOne({ _id: MarkerId, at: new Date() });
  if (queued) logger?.info('report figures: rebuilding every company\'s tallies with month roll-ups in the background');
  return { queued };
}
