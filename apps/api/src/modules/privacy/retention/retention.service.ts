import { Types } from 'mongoose';
import { RetentionListing, RetentionRules, type TRetentionPreview, type TRetentionRule, type TRetentionRules, type TRetentionRuns } from '@hireflow/contracts/privacy';
import { Customer } from '../../org/customer.model';
import { withTransaction } from '../../jobs/with-transaction';
import { enqueueJob } from '../../../lib/job-queue';
import { eraseCandidate } from '../erasure/erasure.service';
import { countAndSample, nextSelected } from './retention-selection';
import { RetentionRun } from './retention-run.model';
import { presentRetentionRun } from './retention.presenter';

/** How much one job of a run erases before it hands over to the next (so no lease is held for long). */
export const RetentionBatch = { select: 50, perJob: 200 } as const;

export const RetentionApplyJobName = 'privacy.retention.apply';
export type RetentionApplyPayload = { customerId: string; runId: string; step: number };

const personName = (c: { firstName: string; lastName?: string | null }) => `${c.firstName} ${c.lastName ?? ''}`.trim();
const rulesOn = (rules: TRetentionRules) => RetentionRules.filter((rule) => rules[rule] != null);

/** Who the rules (as the preferences form holds them, saved or not) would anonymise at `now`. */
export async function previewRetention({ customerId, rules, now }: { customerId: Types.ObjectId; rules: TRetentionRules; now: Date }): Promise<TRetentionPreview> {
  const out: TRetentionPreview['rules'] = [];
  for (const rule of RetentionRules) {
    const period = rules[rule];
    if (period == null) {
      out.push({ rule, period: null, count: 0, sample: [] });
      continue;
    }
    const { count, sample } = await countAndSample(customerId, rule, period, now, RetentionListing.previewSample);
    out.push({ rule, period, count, sample: sample.map((c) => ({ id: String(c._id), name: personName(c) })) });
  }
  return { rules: out };
}

export async function listRetentionRuns({ customerId }: { customerId: Types.ObjectId }): Promise<TRetentionRuns> {
  const runs = await RetentionRun.find({ customerId }).sort({ at: -1 }).limit(RetentionListing.runsListed).lean();
  return { items: runs.map(presentRetentionRun) };
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The daily sweep: each company with a rule on and no daily run yet this UTC day gets one, with the rules as
 * they are now, and the job that applies it (both in one transaction, so a run never lacks its job). Safe to
 * repeat: the (customerId, day) unique index keeps one run a day.
 */
export async function startDailyRuns(now: Date): Promise<number> {
  const day = utcDay(now);
  const anyOn = RetentionRules.map((rule) => ({ [`preferences.retention.${rule}`]: { $type: 'number' } }));
  let started = 0;
  for await (const customer of Customer.find({ $or: anyOn }, { preferences: 1 }).lean().cursor()) {
    const customerId = customer._id;
    if (await RetentionRun.exists({ customerId, day })) continue;
    const r = customer.preferences?.retention;
    const rules: TRetentionRules = { rejectedMonths: r?.rejectedMonths ?? null, sourcedDays: r?.sourcedDays ?? null, withdrawnMonths: r?.withdrawnMonths ?? null };
    if (!rulesOn(rules).length) continue;
    try {
      await withTransaction(async (session) => {
        const [run] = await RetentionRun.create([{ customerId, at: now, trigger: 'daily', day, rules }], { session });
        const payload: RetentionApplyPayload = { customerId: String(customerId), runId: String(run!._id), step: 0 };
        await enqueueJob(RetentionApplyJobName, payload, { runAt: now, customerId, session });
      });
      started++;
    } catch (error) {
      // Another sweep started today's run meanwhile.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  return started;
}

/**
 * Applies a run: erases what each rule selects (judged at the run's own time, with the rules it recorded),
 * at most `budget` candidates, counting each into the run as it goes. Answers done once nothing is left
 * (the run is then finished); otherwise the caller continues in another job. A candidate whose erasure
 * fails is counted as failed and skipped for the rest of the run.
 */
export async function applyRetentionRun({
  customerId,
  runId,
  now,
  budget,
  signal,
  onError,
}: {
  customerId: Types.ObjectId;
  runId: Types.ObjectId;
  now: Date;
  budget: number;
  signal?: AbortSignal;
  onError?: (error: unknown, candidateId: Types.ObjectId) => void;
}): Promise<{ done: boolean; erased: number }> {
  const run = await RetentionRun.findOne({ customerId, _id: runId }).lean();
  if (!run || run.finishedAt) return { done: true, erased: 0 };
  const rules = run.rules as TRetentionRules;
  const skip: Types.ObjectId[] = [...run.failedIds];
  let left = budget;
  let erased = 0;
  for (const rule of rulesOn(rules)) {
    const period = rules[rule]!;
    while (left > 0) {
      const ids = await nextSelected(customerId, rule, period, run.at, Math.min(RetentionBatch.select, left), skip);
      if (!ids.length) break;
      for (const candidateId of ids) {
        signal?.throwIfAborted();
        left--;
        const outcome = await eraseOne(customerId, candidateId, now, onError);
        if (outcome === 'erased') erased++;
        else skip.push(candidateId);
        if (outcome !== 'gone') await countInto(customerId, runId, rule, candidateId, outcome);
      }
    }
    if (left === 0) return { done: false, erased };
  }
  await RetentionRun.updateOne({ customerId, _id: runId }, { $set: { finishedAt: now } });
  return { done: true, erased };
}

async function eraseOne(customerId: Types.ObjectId, candidateId: Types.ObjectId, now: Date, onError?: (error: unknown, candidateId: Types.ObjectId) => void): Promise<'erased' | 'gone' | 'failed'> {
  try {
    const { erased } = await eraseCandidate({ customerId, candidateId, origin: 'retention', at: now, by: null });
    // Not erased: someone else erased them meanwhile.
    return erased ? 'erased' : 'gone';
  } catch (error) {
    onError?.(error, candidateId);
    return 'failed';
  }
}

function countInto(customerId: Types.ObjectId, runId: Types.ObjectId, rule: TRetentionRule, candidateId: Types.ObjectId, outcome: 'erased' | 'failed') {
  return RetentionRun.updateOne(
    { customerId, _id: runId },
    outcome === 'erased' ? { $inc: { [`counts.${rule}`]: 1, erased: 1 } } : { $inc: { [`counts.${rule}`]: 1, failed: 1 }, $push: { failedIds: candidateId } },
  );
}
