import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { IntakeApi, ZImportJobStatus, type TImportJobStatus } from '@hireflow/contracts/candidates-intake';
import { buildPath } from '@hireflow/contracts/routes';
import { apiGet } from '@/lib/api-client';

/** How often the import page asks how far the import is (as the exports do). */
export const ImportPollMs = 1000;
const settled = (s: TImportJobStatus | undefined) => !!s && (s.state === 'done' || s.state === 'failed');

/** GET /api/candidates/import/jobs/:jobId: state, progress, a line for the user, and once done the report. */
export function getImportStatus(jobId: string) {
  return apiGet(buildPath(IntakeApi.importStatus, { jobId }), ZImportJobStatus);
}

export function getImportStatusQueryOptions(jobId: string) {
  return queryOptions({ queryKey: ['candidates', 'import', jobId], queryFn: () => getImportStatus(jobId), staleTime: 0 });
}

/** Asks again every ImportPollMs until the import is done or failed; then candidate lists refresh. */
export function useImportStatus(jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    ...getImportStatusQueryOptions(jobId ?? ''),
    queryFn: async () => {
      const status = await getImportStatus(jobId ?? '');
      if (status.state === 'done') void client.invalidateQueries({ queryKey: ['candidates'], predicate: (q) => q.queryKey[1] !== 'import' });
      return status;
    },
    enabled: Boolean(jobId),
    refetchInterval: (query) => (settled(query.state.data) ? false : ImportPollMs),
  });
}
