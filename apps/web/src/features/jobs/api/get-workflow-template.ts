import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobsApi, ZWorkflowTemplate } from '@hireflow/contracts/jobs';
import { apiGet } from '@/lib/api-client';

export function getWorkflowTemplate() {
  return apiGet(JobsApi.workflowTemplate, ZWorkflowTemplate);
}

export function getWorkflowTemplateQueryOptions() {
  return queryOptions({ queryKey: ['workflow-template'], queryFn: getWorkflowTemplate });
}

export function useWorkflowTemplate() {
  return useQuery(getWorkflowTemplateQueryOptions());
}
