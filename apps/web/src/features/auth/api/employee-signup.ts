import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TEmployeeSignupRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

/** An employee joins the company that owns their email's domain. */
export function employeeSignup(body: TEmployeeSignupRequest) {
  return apiPost(AuthApi.employeeSelfSignUp, body, authSchema('ZSignupResponse'));
}

export function useEmployeeSignup() {
  return useMutation({ mutationFn: employeeSignup });
}
