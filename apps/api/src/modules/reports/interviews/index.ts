import type { ReportDefinition } from '../report-kit';
import { hiringTeam, interviewCompleted, interviewDidNotHappen, interviewEvaluation, interviewIncident, interviewScheduled } from './interview-reports';

/** The interviews reports (see report-registry.ts). */
export const interviewsReports: ReportDefinition[] = [interviewScheduled, interviewCompleted, interviewDidNotHappen, interviewIncident, interviewEvaluation, hiringTeam];
