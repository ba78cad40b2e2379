import { AuthApi, ZMessageResponse } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function logout() {
  return apiPost(AuthApi.logout, {}, ZMessageResponse);
}
