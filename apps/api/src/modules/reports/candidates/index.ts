import type { ReportDefinition } from '../report-kit';
import { candidateTimelineReport } from './candidate-timeline-report';
import { npsReport } from './nps-report';

/** The candidates reports (see report-registry.ts). */
export const candidatesReports: ReportDefinition[] = [npsReport, candidateTimelineReport];
