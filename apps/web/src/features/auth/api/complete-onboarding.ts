import { useMutation } from '@tanstack/react-query';
import { AuthApi, ZPresentStatusResponse, type TOnboardingRequest } from '@hireflow/contracts/auth';
import { apiPost } from '@/lib/api-client';

export function completeOnboarding(body: TOnboardingRequest) {
  return apiPost(AuthApi.onboarding, body, ZPresentStatusResponse);
}

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding });
}
