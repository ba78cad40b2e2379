import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZSignupResponse, type TEmployeeSignupRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

/** An employee joins the company that owns their email's domain. */
export function employeeSignup(body: TEmployeeSignupRequest) {
  return apiPost(AuthApi.employeeSelfSignUp, body, ZSignupResponse);
}

export function useEmployeeSignup() {
  return useMutation({ mutationFn: employeeSignup });
}
