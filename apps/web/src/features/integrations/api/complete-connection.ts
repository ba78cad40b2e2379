import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntegrationsApi, ZCallbackResult } from '@hireflow/contracts/integrations';
import { apiGet } from '@/lib/api-client';

export type CallbackKind = 'mailbox' | 'calendar';

/** What the callback page hands over: the provider's code and state, plus the optional extras each call takes. */
export type CallbackParams = { code: string; state: string; extra: Record<string, string> };

/** GET /api/emailSendAuth (mailboxes) or /api/authCalender (calendars) with the provider's answer: the connection is saved. */
export function completeConnection(kind: CallbackKind, { code, state, extra }: CallbackParams) {
  const url = kind === 'mailbox' ? IntegrationsApi.emailSendAuth : IntegrationsApi.authCalender;
  return apiGet(url, ZCallbackResult, { params: { ...extra, code, state } });
}

/**
 * A query, not a mutation: the provider's code works once, and the query cache runs one call per code even when
 * React mounts the page twice (StrictMode) or it re-renders; it is never retried or refetched.
 */
export const completeConnectionQueryOptions = (kind: CallbackKind, params: CallbackParams) =>
  queryOptions({
    queryKey: ['integrations', 'callback', kind, params.state, params.code],
    queryFn: () => completeConnection(kind, params),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useCompleteConnection = (kind: CallbackKind, params: CallbackParams | null) =>
  useQuery({ ...completeConnectionQueryOptions(kind, params ?? { code: '', state: '', extra: {} }), enabled: params !== null });
