import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CandidatesBulkApi,
  ZBulkAddToJobResult,
  ZBulkTagsResult,
  type TBulkAddToJobRequest,
  type TBulkTagsRequest,
} from '@hireflow/contracts/candidates-bulk';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { apiPost } from '@/lib/api-client';

export const bulkTags = (body: TBulkTagsRequest) => apiPost(CandidatesBulkApi.tags, body, ZBulkTagsResult);
export const bulkAddToJob = (body: TBulkAddToJobRequest) => apiPost(CandidatesBulkApi.addToJob, body, ZBulkAddToJobResult);
/** The selected candidates as an Excel file, prepared in the background (lib/export-jobs follows it). */
export const startCandidatesExport = (candidateIds: string[]) => apiPost(CandidatesBulkApi.export, { candidateIds }, ZStartExportResponse);

/** Tags or adds to a job; every candidate list (all under ['candidates']) and the jobs' counts refresh. */
export function useBulkTags() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bulkTags, onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }) });
}

export function useBulkAddToJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkAddToJob,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['candidates'] }), client.invalidateQueries({ queryKey: ['jobs'] })]);
    },
  });
}
