import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { PrivacyApi } from '@hireflow/contracts/privacy';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/privacy/company-export: starts the whole company's export (or answers the one of yours still
 * running) and answers its job id; the shared export button follows it through /api/exports/:id.
 */
export const startCompanyExport = () => apiPost(PrivacyApi.companyExport, {}, ZStartExportResponse);
