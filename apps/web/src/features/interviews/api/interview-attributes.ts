import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZInterviewAttribute } from '@hireflow/contracts/interviews';
import { ZInterviewAttributeDeleted, ZInterviewAttributeList } from '@hireflow/contracts/interviews-plans';
import { buildPath } from '@hireflow/contracts/routes';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

// GET/POST /api/interview-attributes, PUT/DELETE /api/interview-attributes/:id: the company's attribute library.
export const interviewAttributesKey = ['interviews', 'attributes'] as const;

export function useInterviewAttributes() {
  return useQuery({ queryKey: interviewAttributesKey, queryFn: () => apiGet(InterviewApi.attributes, ZInterviewAttributeList) });
}

type AttributeInput = { name: string; description?: string; active?: boolean };

/** Adds (no id) or changes an attribute; the library and every plan (names) refresh. */
export function useSaveInterviewAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AttributeInput }) =>
      id ? apiPut(buildPath(InterviewApi.attribute, { id }), input, ZInterviewAttribute) : apiPost(InterviewApi.attributes, input, ZInterviewAttribute),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}

/** Deletes an unused attribute; one in use is deactivated (the answer's message says which). */
export function useDeleteInterviewAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(buildPath(InterviewApi.attribute, { id }), ZInterviewAttributeDeleted),
    onSuccess: () => client.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
