import type { JobDefinition } from '../../../lib/job-queue';
import { CompanyExportJob } from './company-export.zip';

/** The background jobs of privacy/company-export (listed by privacy.jobs.ts). */
export const companyExportJobs: JobDefinition[] = [CompanyExportJob];
