import { Alert, Anchor, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { useOfferLetterPreview } from '../api/get-offer-letter-preview';

/** The letter as the candidate would get it, rendered by the API from the offer's current fields. */
export function OfferLetterPreview({ offer }: { offer: TOffer }) {
  const letter = useOfferLetterPreview(offer.id, offer.updatedAt);
  const url = useMemo(() => (letter.data ? URL.createObjectURL(letter.data) : null), [letter.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Letter">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Letter
        </Title>
        {url ? (
          <Anchor href={url} download={`Offer letter - ${offer.candidate.name}.pdf`} fz="sm">
            Download the letter (PDF)
          </Anchor>
        ) : null}
      </Group>
      {letter.isPending ? (
        <Group justify="center" p="lg">
          <Loader role="progressbar" aria-label="Loading the offer letter" />
        </Group>
      ) : letter.isError ? (
        <Alert color="red" title="The letter could not be shown">
          <Text fz="sm" mb="xs">
            {errorMessage(letter.error)}
          </Text>
          <Button size="xs" variant="default" onClick={() => void letter.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : url ? (
        <iframe title="Offer letter preview" src={url} style={{ width: '100%', height: 640, border: 0 }} />
      ) : null}
    </Paper>
  );
}
