import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZPresentStatusResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

/** Marks the admin's first-run options as done (userOptionsPage). */
export function updateCustomerState(body: { id: string }) {
  return apiPost(AuthApi.customerStateUpdate, body, ZPresentStatusResponse);
}

export function useUpdateCustomerState() {
  return useMutation({ mutationFn: updateCustomerState });
}
