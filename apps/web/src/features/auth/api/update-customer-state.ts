import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

/** Marks the admin's first-run options as done (userOptionsPage). */
export function updateCustomerState(body: { id: string }) {
  return apiPost(AuthApi.customerStateUpdate, body, z.unknown());
}

export function useUpdateCustomerState() {
  return useMutation({ mutationFn: updateCustomerState });
}
