import { useState, type ReactNode } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, toApiError } from '@/lib/api-client';
import { useEnvVariables } from '../api/get-env-variables';
import { useStartProviderFlow, type ProviderPurpose } from '../api/provider-sign-in';

// Kept free of zod and of the integrations contracts: this sits on /login's first load.
const labels: Record<TIdentityProvider, string> = { google: 'Google', microsoft: 'Microsoft' };
const clientIdOf = { google: 'googleClientId', microsoft: 'microsoftClientId' } as const;

const logos: Record<TIdentityProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.7 1.2 9.2 3.6l6.9-6.9C35.9 2.4 30.5 0 24 0 14.6 0 6.5 5.4 2.6 13.2l8 6.2C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M47 24.6c0-1.6-.2-3.1-.4-4.6H24v9h12.9c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 7.2-10.4 7.2-17.6z" />
      <path fill="#FBBC05" d="M10.5 28.6c-.5-1.5-.8-3-.8-4.6s.3-3.1.8-4.6l-8-6.2C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.8l7.9-6.2z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-4.9 2.3-8.2 2.3-6.3 0-11.6-4.2-13.5-9.9l-8 6.2C6.5 42.6 14.6 48 24 48z" />
    </svg>
  ),
  microsoft: (
    <svg viewBox="0 0 21 21" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#F25022" d="M1 1h9v9H1z" />
      <path fill="#7FBA00" d="M11 1h9v9h-9z" />
      <path fill="#00A4EF" d="M1 11h9v9H1z" />
      <path fill="#FFB900" d="M11 11h9v9h-9z" />
    </svg>
  ),
};

/** An address worth passing as login hint (the API checks it properly; a half-typed one is left out). */
const hintOf = (email?: string) => {
  const trimmed = email?.trim() ?? '';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? trimmed : undefined;
};

/** The API hides the words of its 5xx answers; "not configured" (501) is worth saying plainly. */
function problemOf(error: unknown, provider: TIdentityProvider | null): string {
  if (provider && toApiError(error).code === 'not_configured') return `${labels[provider]} is not set up on this installation. Please use your email instead.`;
  return errorMessage(error);
}

/**
 * "Continue with Google" / "Continue with Microsoft", each shown only when the administrator configured that
 * provider (GET /api/env_variables). A click asks the API for the provider's address and goes there.
 */
export function ProviderButtons({ purpose, email }: { purpose: ProviderPurpose; email?: string }) {
  const env = useEnvVariables();
  const start = useStartProviderFlow();
  const [chosen, setChosen] = useState<TIdentityProvider | null>(null);
  const configured = (['google', 'microsoft'] as const).filter((provider) => Boolean(env.data?.[clientIdOf[provider]]));
  if (configured.length === 0) return null;

  // Once the address is answered the browser is on its way: the button keeps spinning until the page leaves.
  const busy = start.isPending || start.isSuccess;
  const go = (provider: TIdentityProvider) => {
    setChosen(provider);
    start.mutate({ purpose, provider, email: purpose === 'sign-in' ? hintOf(email) : undefined }, { onSuccess: ({ url }) => window.location.assign(url) });
  };

  return (
    <Stack gap="xs">
      <Divider label="or" />
      <FormAlert message={start.isError ? problemOf(start.error, chosen) : null} />
      {configured.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          leftSection={logos[provider]}
          loading={busy && chosen === provider}
          disabled={busy && chosen !== provider}
          onClick={() => go(provider)}
        >
          Continue with {labels[provider]}
        </Button>
      ))}
    </Stack>
  );
}
