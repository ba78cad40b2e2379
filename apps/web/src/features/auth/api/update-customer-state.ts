import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** Marks the admin's first-run options as done (userOptionsPage). */
export function updateCustomerState(body: { id: string }) {
  return apiPost(AuthApi.customerStateUpdate, body, authSchema('ZPresentStatusResponse'));
}

export function useUpdateCustomerState() {
  return useMutation({ mutationFn: updateCustomerState });
}
