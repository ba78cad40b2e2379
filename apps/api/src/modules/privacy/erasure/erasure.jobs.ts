import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/erasure (listed by privacy.jobs.ts). */
export const erasureJobs: JobDefinition[] = [];
