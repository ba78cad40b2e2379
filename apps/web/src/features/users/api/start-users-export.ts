import { UsersApi, type TUserListFiltersInput } from '@hireflow/contracts/users';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { apiPost } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

/** POST /api/user/export: every user matching the filters, as an Excel file prepared in the background. */
export function startUsersExport(filters: TUserListFiltersInput) {
  return apiPost(UsersApi.startExport, { filters: { ...filters, search: toSearchText(filters.search) } }, ZStartExportResponse);
}

