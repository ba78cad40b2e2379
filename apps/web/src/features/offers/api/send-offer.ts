import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OfferApi, ZOffer, type TOffer } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { invalidateOffers } from './invalidate-offers';

/**
 * Mails the candidate the link to the offer's public page. The API answers the offer or 204 (no body):
 * either is a success, and the panel refetches the offers after it anyway.
 */
export async function sendOffer(id: string): Promise<TOffer | null> {
  const response = await api.post<unknown>(buildPath(OfferApi.send, { id }), {});
  if (response.status === 204) return null;
  const parsed = ZOffer.safeParse(response.data);
  return parsed.success ? parsed.data : null;
}

export function useSendOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => sendOffer(id), onSuccess: () => invalidateOffers(client) });
}
