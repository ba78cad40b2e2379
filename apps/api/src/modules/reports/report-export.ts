import type { TAnyReportName } from '@hireflow/contracts/reports';
import type { Config } from '../../config';
import type { UserDoc } from '../users/user.model';
import { AppError } from '../../lib/app-error';
import type { ReportQuery } from './reports.service';

/**
 * POST /api/reports/:name/export (and the platform's): queues the Excel export of the report as shown
 * (exports mechanism: progress, the file the asker's alone). Answers the job id.
 */
export async function startReportExport(_input: { config: Config; name: TAnyReportName; query: ReportQuery; actor: UserDoc; platform: boolean }): Promise<{ jobId: string }> {
  throw AppError.notFound('Report export');
}
