import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { enqueueJob } from '../../../lib/job-queue';
import { Job } from '../../jobs/job.model';
import { ReportTally } from './report-tally.model';
import { RebuildTalliesJob } from './rebuild-job';

/**
 * Report figures whose shape changed after a database was filled: each change is repaired once per database
 * by the background repair job (every company rebuilt from its raw events), only when the database holds
 * what the change reshapes. A fresh database (which the seed fills in the new shape) only gets the markers.
 */
const Changes = [
  // Tallies written before the month roll-ups existed (and per-job interview tallies kept per month).
  { id: 'report-tallies-month-rollups', holds: () => ReportTally.exists({}).setOptions({ crossTenant: true }), why: 'tallies with month roll-ups' },
  // Interview tallies written before they were kept per hiring manager too (ivhm, hiring-team reads it).
  { id: 'report-tallies-hiring-managers', holds: () => ReportTally.exists({ dim: 'ivjob' }).setOptions({ crossTenant: true }), why: 'interview tallies per hiring manager' },
  // Jobs opened before they kept their vacancy history (vacancy-analysis reads it).
  { id: 'report-jobs-vacancy-history', holds: () => Job.exists({ openedAt: { $ne: null } }).setOptions({ crossTenant: true }), why: 'jobs\' vacancy histories' },
  // Jobs created before they kept their applications per kind of stage (vacancy-analysis reads them).
  { id: 'report-jobs-kind-counts', holds: () => Job.exists({ 'kindCounts.screening': { $exists: false } }).setOptions({ crossTenant: true }), why: 'jobs\' counts per kind of stage' },
];

export async function queueReportFigureRepairs(logger?: Logger): Promise<{ queued: boolean }> {
  const markers = mongoose.connection.collection<{ _id: string; at: Date }>('migrations');
  const pending = [];
  for (const change of Changes) if (!(await markers.findOne({ _id: change.id }))) pending.push(change);
  if (!pending.length) return { queued: false };
  const needed = [];
  for (const change of pending) if (await change.holds()) needed.push(change);
  // One rebuild repairs every change.
  if (needed.length) await enqueueJob(RebuildTalliesJob.name, { companyId: null }, { maxAttempts: RebuildTalliesJob.maxAttempts });
  for (const change of pending) await markers.insertOne({ _id: change.id, at: new Date() });
  if (needed.length) logger?.info(`report figures: rebuilding every company's ${needed.map((c) => c.why).join(' and ')} in the background`);
  return { queued: needed.length > 0 };
}
