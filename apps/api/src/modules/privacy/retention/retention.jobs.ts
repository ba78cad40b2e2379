import { Types } from 'mongoose';
import { enqueueJob, registerRecurringJob, type JobDefinition } from '../../../lib/job-queue';
import { RetentionRun } from './retention-run.model';
import { applyRetentionRun, RetentionApplyJobName, RetentionBatch, startDailyRuns, type RetentionApplyPayload } from './retention.service';

/** The sweep looks hourly; each company's rules run once per UTC day (its first sweep of the day). */
export const RetentionSweepEveryMs = 3600_000;

export const RetentionSweepJob = registerRecurringJob(
  {
    name: 'privacy.retention.sweep',
    maxAttempts: 3,
    handler: async (_payload, ctx) => ({ started: await startDailyRuns(ctx.now()) }),
  },
  RetentionSweepEveryMs,
);

/**
 * Applies one run, RetentionBatch.perJob erasures at a time: a run with more queues its next step (one step per
 * key, so a repeated step does not fork the run).
 */
export const RetentionApplyJob: JobDefinition<RetentionApplyPayload> = {
  name: RetentionApplyJobName,
  maxAttempts: 5,
  async handler(payload, ctx) {
    const customerId = new Types.ObjectId(payload.customerId);
    const result = await applyRetentionRun({
      customerId,
      runId: new Types.ObjectId(payload.runId),
      now: ctx.now(),
      budget: RetentionBatch.perJob,
      signal: ctx.signal,
      onError: (error, candidateId) => ctx.logger.error({ err: error, candidateId: String(candidateId) }, 'retention: a candidate could not be erased'),
    });
    if (!result.done) {
      const next: RetentionApplyPayload = { ...payload, step: payload.step + 1 };
      await enqueueJob(RetentionApplyJobName, next, { runAt: ctx.now(), customerId, dedupeKey: `retention:${payload.runId}:${next.step}` });
    }
    return result;
  },
  // Out of attempts: the run stops where it is (its counts say what it did) instead of showing as running forever;
  // tomorrow's run selects whoever is still due. No worker clock here: the failure is stamped with the wall clock.
  async onFailed(payload) {
    await RetentionRun.updateOne({ customerId: new Types.ObjectId(payload.customerId), _id: new Types.ObjectId(payload.runId), finishedAt: null }, { $set: { finishedAt: new Date() } });
  },
};

/** The background jobs of privacy/retention (listed by privacy.jobs.ts). */
export const retentionJobs: JobDefinition[] = [RetentionSweepJob, RetentionApplyJob];
