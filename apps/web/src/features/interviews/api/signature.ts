import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZSignature } from '@hireflow/contracts/interviews-plans';
import { apiPost, apiPut } from '@/lib/api-client';

// POST /api/templates/getsignature (SPEC) and PUT /api/user/signature: my mail signature.
export const mySignatureKey = ['interviews', 'signature', 'me'] as const;

export function useMySignature() {
  return useQuery({ queryKey: mySignatureKey, queryFn: () => apiPost(InterviewApi.signature, {}, ZSignature) });
}

export function useSaveMySignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => apiPut(InterviewApi.mySignature, { signature }, ZSignature),
    onSuccess: (saved) => client.setQueryData(mySignatureKey, saved),
  });
}
