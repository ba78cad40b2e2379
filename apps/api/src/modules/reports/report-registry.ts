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

/**
 * Tests only: puts a report in the registry (overriding one of the same name) until the answered
 * function is called, so shared machinery (the export, the routes) is tested with a known report.
 */
export function registerReportForTest(report: ReportDefinition): () => void {
  const before = byName.get(report.name);
  byName.set(report.name, report);
  return () => {
    if (before) byName.set(report.name, before);
    else byName.delete(report.name);
  };
}
