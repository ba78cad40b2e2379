import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/self-service (listed by privacy.jobs.ts). */
export const selfServiceJobs: JobDefinition[] = [];
