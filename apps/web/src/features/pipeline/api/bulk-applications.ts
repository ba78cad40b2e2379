import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkApi, ZBulkApplicationsResult, type TBulkApplicationsRequest } from '@hireflow/contracts/pipeline';
import { apiPost } from '@/lib/api-client';

export function bulkApplications(input: TBulkApplicationsRequest) {
  return apiPost(BulkApi.applications, input, ZBulkApplicationsResult);
}

/** One action on a selection of applications; every pipeline view, job and candidate refreshes afterwards. */
export function useBulkApplications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkApplications,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['pipeline'] });
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['candidates'] });
    },
  });
}
