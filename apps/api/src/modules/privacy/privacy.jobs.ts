import type { JobDefinition } from '../../lib/job-queue';
import { auditJobs } from './audit/audit.jobs';
import { companyExportJobs } from './company-export/company-export.jobs';
import { consentJobs } from './consent/consent.jobs';
import { erasureJobs } from './erasure/erasure.jobs';
import { retentionJobs } from './retention/retention.jobs';
import { selfServiceJobs } from './self-service/self-service.jobs';

/** Every background job of the privacy area (background-jobs.ts lists them with the rest). */
export const privacyJobs: JobDefinition[] = [...consentJobs, ...erasureJobs, ...retentionJobs, ...auditJobs, ...companyExportJobs, ...selfServiceJobs];
