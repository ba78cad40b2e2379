import { queryOptions, useQuery } from '@tanstack/react-query';
import { CareersApi, ZApplyFormSettings } from '@hireflow/contracts/careers';
import { apiGet } from '@/lib/api-client';

export function getApplyForm() {
  return apiGet(CareersApi.applyForm, ZApplyFormSettings);
}

export function getApplyFormQueryOptions() {
  return queryOptions({ queryKey: ['page-customization', 'apply-form'], queryFn: getApplyForm });
}

export function useApplyForm() {
  return useQuery(getApplyFormQueryOptions());
}
