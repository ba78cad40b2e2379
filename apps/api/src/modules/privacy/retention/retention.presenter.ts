import type { TRetentionRun } from '@hireflow/contracts/privacy';
import type { RetentionRunDoc } from './retention-run.model';

export function presentRetentionRun(run: RetentionRunDoc): TRetentionRun {
  return {
    id: String(run._id),
    at: run.at.toISOString(),
    trigger: run.trigger,
    rules: { rejectedMonths: run.rules?.rejectedMonths ?? null, sourcedDays: run.rules?.sourcedDays ?? null, withdrawnMonths: run.rules?.withdrawnMonths ?? null },
    counts: { rejectedMonths: run.counts?.rejectedMonths ?? 0, sourcedDays: run.counts?.sourcedDays ?? 0, withdrawnMonths: run.counts?.withdrawnMonths ?? 0 },
    erased: run.erased,
    failed: run.failed,
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
  };
}
