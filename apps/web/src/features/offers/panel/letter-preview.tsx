import { useEffect, useState } from 'react';
import { Alert, Box, Button, Group, Loader } from '@mantine/core';
import type { TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { saveOfferLetter, useOfferLetter, type OfferLetterKind } from '../api/get-offer-letter';

/** An object URL for a blob, revoked when the blob changes or the preview goes away. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export const letterFilename = (offer: TOffer, kind: OfferLetterKind) => `${kind === 'signed' ? 'Signed offer' : 'Offer letter'} - ${offer.candidate.name}.pdf`;

/** The letter as the candidate will read it (the browser's PDF viewer), with a download. */
export function LetterPreview({ offer, kind = 'letter', height = 520 }: { offer: TOffer; kind?: OfferLetterKind; height?: number }) {
  const letter = useOfferLetter(offer.id, kind, offer.updatedAt);
  const url = useObjectUrl(letter.data);
  if (letter.isError) {
    return (
      <Alert color="red" title="The letter could not be made">
        {errorMessage(letter.error)}
      </Alert>
    );
  }
  if (!url || !letter.data) return <Loader size="sm" role="progressbar" aria-label="Loading the letter" />;
  const blob = letter.data;
  return (
    <Box>
      <iframe title="Offer letter preview" src={url} style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }} />
      <Group justify="flex-end" mt="xs">
        <Button size="compact-sm" variant="subtle" onClick={() => saveOfferLetter(blob, letterFilename(offer, kind))}>
          Download PDF
        </Button>
      </Group>
    </Box>
  );
}
