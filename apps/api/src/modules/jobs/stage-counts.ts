import type { Types } from 'mongoose';
import { StageKinds, type TStageKind } from '@hireflow/contracts/jobs';
import { Job } from './job.model';

/**
 * A job counts its applications per stage (`stageCounts`: stage id -> applications in it) and per kind of stage
 * (`kindCounts`: kind -> applications in stages of that kind; vacancy-analysis reads these five numbers instead
 * of every stage). A job's stages never change after it is created, so both move together: every write goes
 * through `stageCountChanges`, and `kindCountsOf` derives the kinds from the stages (new jobs, seeds, and
 * `rebuildKindCounts`, which the report figures' repair runs).
 */
type CountedStage = { _id: unknown; kind: string };

/** The $inc of applications entering (+n) or leaving (-n) stages, with the two counts of each stage summed. */
export function stageCountChanges(changes: { stage: CountedStage; by: number }[]): Record<string, number> {
  const inc: Record<string, number> = {};
  for (const { stage, by } of changes) {
    for (const key of [`stageCounts.${String(stage._id)}`, `kindCounts.${stage.kind}`]) inc[key] = (inc[key] ?? 0) + by;
  }
  return inc;
}

/** Applications per kind of stage, from the counts per stage (every kind present). */
export function kindCountsOf(stages: CountedStage[], stageCounts: Record<string, number> | undefined): Record<TStageKind, number> {
  const out = Object.fromEntries(StageKinds.map((k) => [k, 0])) as Record<TStageKind, number>;
  for (const s of stages) if (s.kind in out) out[s.kind as TStageKind] += Math.max(0, Number(stageCounts?.[String(s._id)] ?? 0));
  return out;
}

/** Sets every job's kind counts of a company from its stage counts (the report figures' repair); answers how many jobs. */
export async function rebuildKindCounts(customerId: Types.ObjectId): Promise<{ jobs: number }> {
  const jobs = await Job.find({ customerId }, { stages: 1, stageCounts: 1 }).lean();
  const ops = jobs.map((job) => ({
    updateOne: { filter: { customerId, _id: job._id }, update: { $set: { kindCounts: kindCountsOf(job.stages, job.stageCounts as Record<string, number>) } } },
  }));
  for (let i = 0; i < ops.length; i += 1_000) await Job.bulkWrite(ops.slice(i, i + 1_000), { ordered: false });
  return { jobs: ops.length };
}
