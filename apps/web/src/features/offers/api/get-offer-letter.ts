import { useQuery } from '@tanstack/react-query';
import { OfferApi } from '@hireflow/contracts/offers';
import { buildPath } from '@hireflow/contracts/routes';
import { saveBlob } from '@/lib/blob-files';
import { api } from '@/lib/api-client';

export type OfferLetterKind = 'letter' | 'signed';

const PdfType = 'application/pdf';

/** The letter as a PDF (a preview from the current fields, or the sent letter), or the signed copy. Files need the bearer token, so they come as a blob. */
export async function getOfferLetter(offerId: string, kind: OfferLetterKind): Promise<Blob> {
  const path = kind === 'signed' ? OfferApi.signedLetter : OfferApi.letter;
  const response = await api.get<Blob>(buildPath(path, { id: offerId }), { responseType: 'blob' });
  return response.data instanceof Blob && response.data.type === PdfType ? response.data : new Blob([response.data], { type: PdfType });
}

/** `version` (the offer's updatedAt) makes an edited offer's preview load anew. */
export function useOfferLetter(offerId: string, kind: OfferLetterKind, version: string) {
  return useQuery({ queryKey: ['offers', offerId, kind, version], queryFn: () => getOfferLetter(offerId, kind), gcTime: 0, retry: false });
}

export async function downloadOfferLetter(offerId: string, kind: OfferLetterKind, filename: string) {
  saveBlob(await getOfferLetter(offerId, kind), filename);
}
