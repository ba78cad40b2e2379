import type { ReportDefinition } from '../report-kit';
import { currentPipelineReport } from './current-pipeline.report';
import { historyPipelineReport } from './history-pipeline.report';
import { rejectAnalysisReport } from './reject-analysis.report';
import { sourceActivityReport } from './source-activity.report';

/** The pipeline reports (see report-registry.ts). */
export const pipelineReports: ReportDefinition[] = [currentPipelineReport, historyPipelineReport, sourceActivityReport, rejectAnalysisReport];
