import { Paper, Title } from '@mantine/core';
import type { TOffer } from '@hireflow/contracts/offers';
import { LetterPreview } from '../panel/letter-preview';

/** The letter as the candidate would get it, rendered by the API from the offer's current fields. */
export function OfferLetterPreview({ offer }: { offer: TOffer }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Letter">
      <Title order={2} fz="h4" mb="sm">
        Letter
      </Title>
      <LetterPreview offer={offer} height={640} />
    </Paper>
  );
}
