import type { ReportDefinition } from '../report-kit';
import { jobActivity, recruiterActivity } from './team-activity';
import { usage } from './usage-report';
import { vacancyAgeing, vacancyAnalysis } from './vacancy-reports';

/** The activity reports (see report-registry.ts): team and job activity, usage, vacancies. */
export const activityReports: ReportDefinition[] = [recruiterActivity, jobActivity, usage, vacancyAnalysis, vacancyAgeing];
