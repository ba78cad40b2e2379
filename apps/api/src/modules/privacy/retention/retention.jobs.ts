import { Types } from 'mongoose';
import { enqueueJob, registerRecurringJob, type JobDefinition } from '../../../lib/job-queue';
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
};

/** The background jobs of privacy/retention (listed by privacy.jobs.ts). */
export const retentionJobs: JobDefinition[] = [RetentionSweepJob, RetentionApplyJob];
