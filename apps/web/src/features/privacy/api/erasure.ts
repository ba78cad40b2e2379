import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PrivacyApi, ZErasureList, type TErasureState } from '@hireflow/contracts/privacy';
import { apiGet, apiPost } from '@/lib/api-client';

/** What the list asks for: one state (null: every state) and a page. */
export type ErasureListParams = { state: TErasureState | null; page: number };

export const getErasureRequests = ({ state, page }: ErasureListParams) =>
  apiGet(PrivacyApi.erasureRequests, ZErasureList, { params: { ...(state ? { state } : {}), ...(page > 1 ? { page } : {}) } });

export const getErasureRequestsQueryOptions = (params: ErasureListParams) =>
  queryOptions({ queryKey: ['erasure-requests', params], queryFn: () => getErasureRequests(params), placeholderData: keepPreviousData });

export const useErasureRequests = (params: ErasureListParams) => useQuery(getErasureRequestsQueryOptions(params));

// The decisions' answers are not read: the list (and the profile) are fetched again after them.
const ZAnyAnswer = z.unknown();

export const approveErasure = (id: string) => apiPost(PrivacyApi.approveErasure(id), {}, ZAnyAnswer);
export const refuseErasure = ({ id, reason }: { id: string; reason: string }) => apiPost(PrivacyApi.refuseErasure(id), { reason }, ZAnyAnswer);
export const eraseCandidate = ({ candidateId, confirmName }: { candidateId: string; confirmName: string }) => apiPost(PrivacyApi.eraseCandidate(candidateId), { confirmName }, ZAnyAnswer);

/** After any decision every page of the queue is stale (a request moved between states). */
function useRefreshRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['erasure-requests'] });
}

export function useApproveErasure({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: approveErasure, onSuccess: async () => { await refresh(); onSuccess?.(); } });
}

export function useRefuseErasure({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: refuseErasure, onSuccess: async () => { await refresh(); onSuccess?.(); } });
}

export function useEraseCandidate({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: eraseCandidate, onSuccess: async () => { await refresh(); onSuccess?.(); } });
}
