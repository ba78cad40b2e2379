import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { IntegrationsApi, ZAuthorizationUrl, type TConnectRequest } from '@hireflow/contracts/integrations';
import { apiPost } from '@/lib/api-client';

/** POST /api/integrations/connect -> {url}: where the browser signs in with the provider. */
export const connectIntegration = (body: TConnectRequest) => apiPost(IntegrationsApi.connect, body, ZAuthorizationUrl);

/** Leaving for the provider's sign-in page (a full page load; tests watch it here). */
export const providerRedirect = { go: (url: string) => window.location.assign(url) };

type WithoutReturn<T> = T extends unknown ? Omit<T, 'returnTo'> : never;
export type TConnectChoice = WithoutReturn<TConnectRequest>;

/**
 * Starts connecting: the API answers the provider's address and the browser goes there. The provider sends
 * it to a callback page, which brings the user back to the page they started from (`returnTo`).
 */
export function useConnectIntegration() {
  const { pathname, search } = useLocation();
  return useMutation({
    mutationFn: (choice: TConnectChoice) => connectIntegration({ ...choice, returnTo: `${pathname}${search}` } as TConnectRequest),
    onSuccess: ({ url }) => providerRedirect.go(url),
  });
}
