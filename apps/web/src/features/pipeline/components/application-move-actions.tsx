import { useJob } from '@/features/jobs/api/get-job';
import { canMoveApplicants } from '@/features/jobs/utils/job-access';
import { useSession } from '@/lib/session';
import { MoveActions, type MoveStage } from './move-actions';

/**
 * The moves of one application for its job's hiring team (the application page). The job's team says who
 * may move; a job the user cannot see simply fails to load and shows no actions (the API refuses anyway).
 */
export function ApplicationMoveActions({ applicationId, jobId, name, stages, currentStageId }: { applicationId: string; jobId: string; name: string; stages: MoveStage[]; currentStageId: string }) {
  const job = useJob(jobId);
  const { user } = useSession();
  if (!job.isSuccess || !canMoveApplicants(user, job.data)) return null;
  return <MoveActions applicationId={applicationId} name={name} stages={stages} currentStageId={currentStageId} size="sm" />;
}
