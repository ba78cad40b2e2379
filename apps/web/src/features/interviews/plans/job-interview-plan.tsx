import { Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import type { TJobDetail } from '@hireflow/contracts/jobs';
import { loadChunk } from '@/app/routes/lazy-page';
import { canMoveApplicants } from '@/features/jobs/utils/job-access';
import { useSession } from '@/lib/session';

const Section = lazy(() => loadChunk(() => import('./job-interview-plan-section')));

/** The job page's interview plan section, loaded with its own chunk; its owners, hiring manager and admins edit it. */
export function JobInterviewPlan({ job }: { job: TJobDetail }) {
  const { user } = useSession();
  return (
    <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading the interview plan" />}>
      <Section jobId={job.id} canEdit={canMoveApplicants(user, job)} />
    </Suspense>
  );
}
