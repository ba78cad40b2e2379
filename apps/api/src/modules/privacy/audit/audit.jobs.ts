import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/audit (listed by privacy.jobs.ts). */
export const auditJobs: JobDefinition[] = [];
