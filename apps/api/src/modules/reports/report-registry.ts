import type { TAnyReportName } from '@hireflow/contracts/reports';
import type { ReportDefinition } from './report-kit';
import { pipelineReports } from './pipeline';
import { speedReports } from './speed';
import { activityReports } from './activity';
import { interviewsReports } from './interviews';
import { candidatesReports } from './candidates';
import { platformReports } from './platform';

const all = [...pipelineReports, ...speedReports, ...activityReports, ...interviewsReports, ...candidatesReports, ...platformReports];
const byName = new Map<TAnyReportName, ReportDefinition>(all.map((r) => [r.name, r]));

/** The report of that name, or undefined while it is not built. */
export const reportNamed = (name: TAnyReportName) => byName.get(name);
