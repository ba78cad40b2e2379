import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { TSessionResponse } from '@hireflow/contracts/auth';
import { destinationAfterLogin, helpSiteReferrerOf } from '@/app/guards/destination';
import { forgetSavedUrl, peekSavedUrl, setSession } from '@/lib/session';
import { useEnvVariables } from '../api/get-env-variables';

function crossOriginReferrer(): string | null {
  const referrer = document.referrer;
  if (!referrer) return null;
  try {
    return new URL(referrer).origin === window.location.origin ? null : referrer;
  } catch {
    return null;
  }
}

/** The help-site page that sent the visitor here, if any (its URL comes from /api/env_variables). */
export function useHelpSiteReferrer(): string | null {
  const referrer = crossOriginReferrer();
  const env = useEnvVariables({ enabled: referrer !== null });
  return helpSiteReferrerOf(referrer, env.data?.helpSiteUrl);
}

/** Stores the new session and goes where SPEC section 4 says. */
export function useSignInComplete() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const helpSiteReferrer = useHelpSiteReferrer();
  return useCallback(
    (session: TSessionResponse) => {
      const savedUrl = peekSavedUrl();
      const destination = destinationAfterLogin({ user: session.user, savedUrl, helpSiteReferrer });
      queryClient.removeQueries({ queryKey: ['access-matrix'] });
      // The saved URL waits through /stop, /onboarding and the like; it is spent once it is used.
      if (destination.path === savedUrl) forgetSavedUrl();
      setSession(session);
      if (destination.external) window.location.assign(destination.path);
      else navigate(destination.path, { replace: true });
    },
    [helpSiteReferrer, navigate, queryClient],
  );
}
