import type { ReportDefinition } from '../report-kit';
import { bottleneckReport } from './bottleneck.report';
import { timeToHireReport } from './time-to-hire.report';
import { velocityReport } from './velocity.report';

/** The speed reports (see report-registry.ts). */
export const speedReports: ReportDefinition[] = [velocityReport, bottleneckReport, timeToHireReport];
