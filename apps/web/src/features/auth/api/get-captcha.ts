import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import { apiGet, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function getCaptcha() {
  return apiGet(AuthApi.captcha, authSchema('ZCaptchaResponse'), { timeout: SignInTimeoutMs });
}

export function getCaptchaQueryOptions() {
  // A captcha is single-use: never serve a cached one.
  return queryOptions({ queryKey: ['captcha'], queryFn: getCaptcha, gcTime: 0, staleTime: 0 });
}

export function useCaptcha() {
  return useQuery(getCaptchaQueryOptions());
}
