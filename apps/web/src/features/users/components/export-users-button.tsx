import type { TUserListFiltersInput } from '@hireflow/contracts/users';
import { ExportButton } from '@/components/export-button';
import { startUsersExport } from '../api/start-users-export';

/** Exports every user matching the filters as Excel, in the background, with progress and then a download. */
export function ExportUsersButton({ filters, onError }: { filters: TUserListFiltersInput; onError: (message: string | null) => void }) {
  return <ExportButton start={() => startUsersExport(filters)} onError={onError} fallbackFileName="users.xlsx" />;
}
