import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApprovalApi, ZApprovalChain, type TSaveApprovalChainRequest } from '@hireflow/contracts/approvals';
import { api } from '@/lib/api-client';
import { getApprovalChainsQueryOptions } from './get-approval-chains';

export async function saveApprovalChain(body: TSaveApprovalChainRequest) {
  const response = await api.put<unknown>(ApprovalApi.chains, body);
  return z.object({ items: z.array(ZApprovalChain) }).parse(response.data);
}

export function useSaveApprovalChain({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApprovalChain,
    onSuccess: async (_data, body) => {
      await client.invalidateQueries({ queryKey: getApprovalChainsQueryOptions(body.kind).queryKey });
      onSuccess?.();
    },
  });
}
