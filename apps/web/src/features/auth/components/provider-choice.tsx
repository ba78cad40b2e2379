import { Suspense, lazy, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadChunk } from '@/app/routes/lazy-page';
import { getEnvVariablesQueryOptions } from '../api/env-variables-query';
import type { ProviderPurpose } from '../api/provider-sign-in';

// The buttons (logos, the provider calls) load only where an administrator configured a provider, so /login's
// first load carries just this check.
const ProviderButtons = lazy(() => loadChunk(() => import('./provider-buttons')).then((m) => ({ default: m.ProviderButtons })));

/**
 * Whether Google or Microsoft is configured (GET /api/env_variables, cached as the rest of the app reads it).
 * Read through the query client rather than useQuery, whose observer code would add ~3 KB to /login's first load.
 */
function useAnyProviderConfigured(): boolean {
  const queryClient = useQueryClient();
  const [configured, setConfigured] = useState(false);
  useEffect(() => {
    let live = true;
    queryClient.fetchQuery(getEnvVariablesQueryOptions()).then(
      (env) => {
        if (live) setConfigured(Boolean(env.googleClientId || env.microsoftClientId));
      },
      () => undefined, // Not known: the buttons stay hidden; email sign-in works as before.
    );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return configured;
}

/** "Continue with Google" / "Continue with Microsoft" when either is configured, else nothing. */
export function ProviderChoice({ purpose, email }: { purpose: ProviderPurpose; email?: string }) {
  if (!useAnyProviderConfigured()) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons purpose={purpose} email={email} />
    </Suspense>
  );
}
