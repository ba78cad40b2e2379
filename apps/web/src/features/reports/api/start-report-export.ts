import { ReportsApi, type TAnyReportName } from '@hireflow/contracts/reports';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';
import type { ReportQueryParams } from '../report-query';

/** POST .../:name/export with the filters on screen as query parameters: the Excel file is prepared in the background. */
export function startReportExport(name: TAnyReportName, query: ReportQueryParams, platform: boolean) {
  return apiPost(buildPath(platform ? ReportsApi.superadminExport : ReportsApi.export, { name }), null, ZStartExportResponse, { params: query });
}
