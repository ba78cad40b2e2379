import { z } from 'zod';
import { AuthApi } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function logout() {
  return apiPost(AuthApi.logout, {}, z.unknown());
}
