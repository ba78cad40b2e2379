import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TOnboardingRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export function completeOnboarding(body: TOnboardingRequest) {
  return apiPost(AuthApi.onboarding, body, authSchema('ZPresentStatusResponse'));
}

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding });
}
