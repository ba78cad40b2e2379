import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExportsApi, ZExportStatus, type TExportStatus } from '@hireflow/contracts/exports';
import { buildPath } from '@hireflow/contracts/routes';
import { saveBlob } from './blob-files';
import { api, apiGet } from './api-client';

/** How often a screen asks how far a background export is. */
export const ExportPollMs = 1000;

const settled = (status: TExportStatus | undefined) => !!status && (status.state === 'done' || status.state === 'failed' || status.state === 'expired');

/** GET /api/exports/{id}: state, progress 0-100, a line for the user, and once done the file's URL. */
export function getExportStatus(jobId: string) {
  return apiGet(buildPath(ExportsApi.status, { id: jobId }), ZExportStatus);
}

export function getExportStatusQueryOptions(jobId: string) {
  return queryOptions({ queryKey: ['exports', jobId], queryFn: () => getExportStatus(jobId), staleTime: 0 });
}

/** Asks again every ExportPollMs until the export is done, failed or expired. */
export function useExportStatus(jobId: string | null) {
  return useQuery({
    ...getExportStatusQueryOptions(jobId ?? ''),
    enabled: Boolean(jobId),
    refetchInterval: (query) => (settled(query.state.data) ? false : ExportPollMs),
  });
}

/** The file comes with the bearer header (a plain link would not carry it); the browser then saves it. */
export async function downloadExportFile({ fileUrl, fileName }: { fileUrl: string; fileName: string }) {
  const response = await api.get<Blob>(fileUrl, { responseType: 'blob' });
  saveBlob(response.data, fileName);
}
