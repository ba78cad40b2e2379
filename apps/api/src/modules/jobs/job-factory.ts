import { Types, type ClientSession } from 'mongoose';
import type { TCreateRequisitionRequest, TJobStatus } from '@hireflow/contracts/jobs';
import { Job, type JobDoc } from './job.model';
import { kindCountsOf } from './stage-counts';
import { getWorkflowStages } from './job-settings.service';
import { memberIdsOf, recordJobStatus } from './job-records';

type PositionInput = Omit<TCreateRequisitionRequest, 'submit' | 'justification' | 'headcountJustification'>;

/** The stored position fields of a requisition or job from the form's input. */
export function positionFromInput(input: PositionInput, defaults: { hiringManagerId?: Types.ObjectId | null } = {}) {
  const oid = (id: string | null | undefined) => (id ? new Types.ObjectId(id) : null);
  return {
    title: input.title,
    jobCodeId: oid(input.jobCodeId),
    departmentId: oid(input.departmentId),
    businessUnitId: oid(input.businessUnitId),
    locationId: oid(input.locationId),
    headcount: input.headcount,
    employmentType: input.employmentType,
    salaryBand: input.salaryBand,
    targetStartDate: input.targetStartDate,
    hiringManagerId: oid(input.team.hiringManagerId) ?? defaults.hiringManagerId ?? null,
    recruiterIds: input.team.recruiterIds.map((id) => new Types.ObjectId(id)),
    interviewerIds: input.team.interviewerIds.map((id) => new Types.ObjectId(id)),
    followerIds: input.team.followerIds.map((id) => new Types.ObjectId(id)),
    customFields: input.customFields,
  };
}
export type PositionFields = ReturnType<typeof positionFromInput>;

/** Creates a job with the company's current workflow stages and its first status event. */
export async function createJobRecord({
  customerId,
  actorId,
  position,
  status,
  requisitionId = null,
  description = '',
  published = false,
  session,
}: {
  customerId: Types.ObjectId;
  actorId: Types.ObjectId;
  position: PositionFields;
  status: TJobStatus;
  requisitionId?: Types.ObjectId | null;
  description?: string;
  published?: boolean;
  session?: ClientSession;
}): Promise<JobDoc> {
  const stages = await getWorkflowStages(customerId);
  const now = new Date();
  const [job] = await Job.create(
    [
      {
        customerId,
        ...position,
        status,
        requisitionId,
        description,
        published,
        stages,
        stageCounts: Object.fromEntries(stages.map((s) => [String(s._id), 0])),
        kindCounts: kindCountsOf(stages, {}),
        memberIds: memberIdsOf({ ...position, createdBy: actorId }),
        titleLower: position.title.toLowerCase(),
        createdBy: actorId,
        openedAt: status === 'open' ? now : null,
      },
    ],
    { session },
  );
  await recordJobStatus({ customerId, by: actorId, session, at: now }, job, null, status);
  return job.toObject() as JobDoc;
}
