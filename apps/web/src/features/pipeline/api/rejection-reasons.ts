import { useQuery } from '@tanstack/react-query';
import { PipelineApi, ZRejectionReasonList } from '@hireflow/contracts/pipeline';
import { apiGet } from '@/lib/api-client';

export const rejectionReasonsKey = ['pipeline', 'rejection-reasons'] as const;

/** The company's rejection reasons (active and retired; the reject dialog offers the active ones). */
export function useRejectionReasons() {
  return useQuery({ queryKey: rejectionReasonsKey, queryFn: () => apiGet(PipelineApi.rejectionReasons, ZRejectionReasonList), staleTime: 60_000 });
}
