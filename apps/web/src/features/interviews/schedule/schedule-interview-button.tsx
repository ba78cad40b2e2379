import { Suspense, lazy, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { useCanScheduleInterviews } from './can-schedule';

// The dialog (luxon, the pickers, the slot search) loads on the first click.
const ScheduleInterviewDialog = lazy(() => import('./schedule-interview-dialog').then((m) => ({ default: m.ScheduleInterviewDialog })));

type Props = { applicationId: string; jobId: string; candidateName: string; jobTitle?: string; size?: 'xs' | 'compact-sm' | 'sm' };

/** "Schedule interview…" for those who may schedule on the job (nothing for the others). */
export function ScheduleInterviewButton({ applicationId, jobId, candidateName, jobTitle, size = 'compact-sm' }: Props) {
  const allowed = useCanScheduleInterviews(jobId);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button size={size} variant="light" onClick={() => setOpen(true)} aria-label={`Schedule an interview with ${candidateName}${jobTitle ? ` for ${jobTitle}` : ''}`}>
        Schedule interview…
      </Button>
      {open ? (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the scheduling dialog" />}>
          <ScheduleInterviewDialog opened onClose={() => setOpen(false)} applicationId={applicationId} jobId={jobId} candidateName={candidateName} />
        </Suspense>
      ) : null}
    </>
  );
}
