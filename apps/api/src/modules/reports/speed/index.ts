import type { ReportDefinition } from '../report-kit';

/** The speed reports (see report-registry.ts). */
export const speedReports: ReportDefinition[] = [];
