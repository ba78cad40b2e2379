import { Modal } from '@mantine/core';
import type { TOffer } from '@hireflow/contracts/offers';
import type { OfferLetterKind } from '../api/get-offer-letter';
import { LetterPreview } from './letter-preview';

export function LetterPreviewDialog({ offer, kind, onClose }: { offer: TOffer; kind: OfferLetterKind; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} size="xl" title={`Offer letter for ${offer.candidate.name}`}>
      <LetterPreview offer={offer} kind={kind} />
    </Modal>
  );
}
