import type { ReportDefinition } from '../report-kit';

/** The platform reports (see report-registry.ts). */
export const platformReports: ReportDefinition[] = [];
