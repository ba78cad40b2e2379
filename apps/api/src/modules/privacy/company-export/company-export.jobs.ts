import type { JobDefinition } from '../../../lib/job-queue';

/** The background jobs of privacy/company-export (listed by privacy.jobs.ts). */
export const companyExportJobs: JobDefinition[] = [];
