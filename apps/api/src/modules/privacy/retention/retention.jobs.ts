import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/retention (listed by privacy.jobs.ts). */
export const retentionJobs: JobDefinition[] = [];
