import type { ReportDefinition } from '../report-kit';

/** The interviews reports (see report-registry.ts). */
export const interviewsReports: ReportDefinition[] = [];
