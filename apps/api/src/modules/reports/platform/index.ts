import type { ReportDefinition } from '../report-kit';
import { activeUsersReport } from './active-users-report';
import { companiesReport } from './companies-report';
import { usagePerCompanyReport } from './usage-per-company-report';

/** The platform reports (see report-registry.ts). */
export const platformReports: ReportDefinition[] = [companiesReport, activeUsersReport, usagePerCompanyReport];
