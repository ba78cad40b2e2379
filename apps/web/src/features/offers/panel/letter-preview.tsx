import { Alert, Box, Button, Group, Loader } from '@mantine/core';
import type { TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { saveBlob, useObjectUrl } from '@/lib/blob-files';
import { useOfferLetter, type OfferLetterKind } from '../api/get-offer-letter';

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
        <Button size="compact-sm" variant="subtle" onClick={() => saveBlob(blob, letterFilename(offer, kind))}>
          Download PDF
        </Button>
      </Group>
    </Box>
  );
}
