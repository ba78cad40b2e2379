import { Types } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { Application } from '../../candidates/applications/application.model';
import { recordStageEvents } from '../../candidates/applications/record-stage-events';
import type { JobDoc } from '../../jobs/job.model';

/**
 * One application's stage history at fixed moments, written as the app writes it (the stage events and
 * their tallies, through recordStageEvents), the application left in its last stage.
 */
export async function buildHistory(customerId: Types.ObjectId, job: JobDoc, source: TApplicationSource, steps: [TStageKind, string][]) {
  const applicationId = new Types.ObjectId();
  const candidateId = new Types.ObjectId();
  const stageOf = (kind: TStageKind) => {
    const stage = job.stages.find((s) => s.kind === kind);
    if (!stage) throw new Error(`no ${kind} stage`);
    return stage._id as Types.ObjectId;
  };
  const at = steps.map(([, t]) => new Date(t));
  const [lastKind] = steps[steps.length - 1]!;
  await Application.create({
    _id: applicationId, customerId, candidateId, jobId: job._id, stageId: stageOf(lastKind), stageKind: lastKind, stageEnteredAt: at[at.length - 1],
    source, appliedAt: at[0], candidateName: 'History Candidate', withdrawn: false,
  });
  for (let i = 0; i < steps.length; i++) {
    const [kind] = steps[i]!;
    const from = i > 0 ? steps[i - 1]![0] : null;
    await recordStageEvents([
      {
        _id: new Types.ObjectId(), customerId, applicationId, jobId: job._id, candidateId,
        fromStageId: from ? stageOf(from) : null, fromKind: from, toStageId: stageOf(kind), toKind: kind, at: at[i]!, by: null,
        reason: kind === 'rejected' ? 'Not a fit' : '', source, appliedAt: at[0]!, fromEnteredAt: i > 0 ? at[i - 1]! : null,
      },
    ]);
  }
  return String(applicationId);
}
