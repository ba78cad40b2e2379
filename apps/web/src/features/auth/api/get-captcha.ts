import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZCaptchaResponse } from '@hireflow/contracts/auth';
import { apiGet } from '@/lib/api-client';

export function getCaptcha() {
  return apiGet(AuthApi.captcha, ZCaptchaResponse);
}

export function getCaptchaQueryOptions() {
  // A captcha is single-use: never serve a cached one.
  return queryOptions({ queryKey: ['captcha'], queryFn: getCaptcha, gcTime: 0, staleTime: 0 });
}

export function useCaptcha() {
  return useQuery(getCaptchaQueryOptions());
}
