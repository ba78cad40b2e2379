import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PipelineApi, ZRejectionReason, ZRejectionReasonList, type TRejectionReasonList } from '@hireflow/contracts/pipeline';
import { RejectionReasonsApi, type TCreateRejectionReasonRequest, type TUpdateRejectionReasonRequest } from '@hireflow/contracts/pipeline-rejections';
import { api, apiGet, apiPatch, apiPost, apiPut } from '@/lib/api-client';
import { rejectionReasonsKey } from './rejection-reasons';

/** Company settings: the list with how often each reason is used (under the reject dialog's key, so changes reach it). */
export const rejectionReasonUsageKey = [...rejectionReasonsKey, 'usage'] as const;

export function getRejectionReasonsWithUsage() {
  return apiGet(`${PipelineApi.rejectionReasons}?usage=true`, ZRejectionReasonList);
}

export function useRejectionReasonsWithUsage() {
  return useQuery({ queryKey: rejectionReasonUsageKey, queryFn: getRejectionReasonsWithUsage });
}

/** Every change refreshes the list here and in the reject dialog. */
function useListMutation<V, R>(mutationFn: (vars: V) => Promise<R>, onData?: (client: ReturnType<typeof useQueryClient>, data: R) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      onData?.(client, data);
      return client.invalidateQueries({ queryKey: rejectionReasonsKey });
    },
  });
}

export function useAddRejectionReason() {
  return useListMutation((input: TCreateRejectionReasonRequest) => apiPost(PipelineApi.rejectionReasons, input, ZRejectionReason));
}

export function useUpdateRejectionReason() {
  return useListMutation(({ id, input }: { id: string; input: TUpdateRejectionReasonRequest }) => apiPatch(PipelineApi.rejectionReason(id), input, ZRejectionReason));
}

export function useReorderRejectionReasons() {
  return useListMutation(
    (ids: string[]) => apiPut(RejectionReasonsApi.order, { ids }, ZRejectionReasonList),
    (client, data: TRejectionReasonList) => client.setQueryData(rejectionReasonUsageKey, data),
  );
}

export function useDeleteRejectionReason() {
  return useListMutation(async (id: string) => {
    await api.delete(PipelineApi.rejectionReason(id));
  });
}
