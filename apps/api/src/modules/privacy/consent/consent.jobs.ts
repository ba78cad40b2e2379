import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/consent (listed by privacy.jobs.ts). */
export const consentJobs: JobDefinition[] = [];
