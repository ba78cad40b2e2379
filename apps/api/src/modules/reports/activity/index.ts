import type { ReportDefinition } from '../report-kit';

/** The activity reports (see report-registry.ts). */
export const activityReports: ReportDefinition[] = [];
