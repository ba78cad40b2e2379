import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function logout() {
  return apiPost(AuthApi.logout, {}, authSchema('ZMessageResponse'));
}
