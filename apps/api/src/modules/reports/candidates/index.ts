import type { ReportDefinition } from '../report-kit';

/** The candidates reports (see report-registry.ts). */
export const candidatesReports: ReportDefinition[] = [];
