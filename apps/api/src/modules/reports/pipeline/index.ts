import type { ReportDefinition } from '../report-kit';

/** The pipeline reports (see report-registry.ts). */
export const pipelineReports: ReportDefinition[] = [];
