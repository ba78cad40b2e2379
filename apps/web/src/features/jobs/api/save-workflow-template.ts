import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobsApi, ZWorkflowTemplate, type TUpdateWorkflowTemplateRequest } from '@hireflow/contracts/jobs';
import { api } from '@/lib/api-client';
import { getWorkflowTemplateQueryOptions } from './get-workflow-template';

export async function saveWorkflowTemplate(body: TUpdateWorkflowTemplateRequest) {
  const response = await api.put<unknown>(JobsApi.workflowTemplate, body);
  return ZWorkflowTemplate.parse(response.data);
}

export function useSaveWorkflowTemplate({ onSuccess }: { onSuccess?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflowTemplate,
    onSuccess: async (saved) => {
      client.setQueryData(getWorkflowTemplateQueryOptions().queryKey, saved);
      onSuccess?.();
    },
  });
}
