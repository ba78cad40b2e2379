import { useQuery } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { offersKey } from './get-offer-approval';

/** The letter PDF needs the bearer token, so it is fetched as a blob (not linked to directly). */
export async function getOfferLetter(id: string): Promise<Blob> {
  const response = await api.get<Blob>(buildPath(OfferApi.letter, { id }), { responseType: 'blob', headers: { Accept: 'application/pdf' } });
  return response.data;
}

/** `version` (the offer's updatedAt) makes a changed offer fetch its letter anew. */
export function useOfferLetterPreview(id: string, version: string) {
  return useQuery({ queryKey: [...offersKey, 'letter', id, version], queryFn: () => getOfferLetter(id), staleTime: Infinity, gcTime: 60_000 });
}
