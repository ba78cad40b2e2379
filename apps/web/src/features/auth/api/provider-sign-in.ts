import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@hireflow/contracts/auth-constants';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { authSchema } from './auth-schemas';

export type ProviderPurpose = 'sign-in' | 'sign-up';

/** The integrations contracts (paths and zod schemas), loaded with the first provider call so /login stays small. */
const loadIntegrations = () => import('@hireflow/contracts/integrations');

/**
 * Where the browser goes to sign in (POST /api/user/googleLogin, the typed email as login hint) or to sign
 * up (POST /api/user/thirdparty/signup) with Google or Microsoft.
 */
export async function startProviderFlow({ purpose, provider, email }: { purpose: ProviderPurpose; provider: TIdentityProvider; email?: string }) {
  if (purpose === 'sign-up') {
    return apiPost(AuthApi.thirdPartySignup, { provider }, authSchema('ZThirdPartySignupResponse'), { timeout: SignInTimeoutMs });
  }
  const { IntegrationsApi, ZAuthorizationUrl } = await loadIntegrations();
  return apiPost(IntegrationsApi.googleLogin, email ? { provider, email } : { provider }, ZAuthorizationUrl, { timeout: SignInTimeoutMs });
}

export function useStartProviderFlow() {
  return useMutation({ mutationFn: startProviderFlow });
}

/**
 * The callback page hands the provider's answer over: POST /api/authComplete?code&state (sign-in) or
 * POST /api/thirdparty/signup/verify?code&state (sign-up, 201; the state names the provider). Both answer a session.
 */
export async function completeProviderFlow({ purpose, code, state }: { purpose: ProviderPurpose; code: string; state: string }) {
  if (purpose === 'sign-up') {
    return apiPost(AuthApi.thirdPartySignupVerify, undefined, authSchema('ZSessionResponse'), { params: { code, state }, timeout: SignInTimeoutMs });
  }
  const { IntegrationsApi } = await loadIntegrations();
  return apiPost(IntegrationsApi.authComplete, undefined, authSchema('ZSessionResponse'), { params: { code, state }, timeout: SignInTimeoutMs });
}
