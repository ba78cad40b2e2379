import { useMutation } from '@tanstack/react-query';
import { UsersApi, type TUserListFiltersInput } from '@hireflow/contracts/users';
import { ZApiError } from '@hireflow/contracts/errors';
import { ApiError, api, toApiError } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

export type ExportProgress = { loadedBytes: number; totalBytes: number | null };

function fileNameOf(disposition: unknown): string {
  const match = /filename="([^"]+)"/.exec(String(disposition ?? ''));
  return match?.[1] ?? 'users.xlsx';
}

/** Every matching user as an Excel file, streamed by the API; the browser saves it. */
export async function exportUsers({ filters, onProgress }: { filters: TUserListFiltersInput; onProgress?: (p: ExportProgress) => void }) {
  try {
    const response = await api.post<Blob>(
      UsersApi.list,
      { filters: { ...filters, search: toSearchText(filters.search) }, skip: 0, export: true },
      {
        responseType: 'blob',
        onDownloadProgress: (event) => onProgress?.({ loadedBytes: event.loaded, totalBytes: event.total ?? null }),
      },
    );
    const fileName = fileNameOf(response.headers['content-disposition']);
    const url = URL.createObjectURL(response.data);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { fileName, bytes: response.data.size };
  } catch (error) {
    throw await exportFailure(error);
  }
}

/** A JSON error body arrives as a Blob on a blob request: read it so the message is the API's. */
async function exportFailure(error: unknown): Promise<ApiError> {
  const failure = toApiError(error);
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  if (!(data instanceof Blob) || failure.status === null || failure.status >= 500) return failure;
  try {
    const parsed = ZApiError.parse(JSON.parse(await data.text()));
    return new ApiError({ status: failure.status, ...parsed });
  } catch {
    return failure;
  }
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
