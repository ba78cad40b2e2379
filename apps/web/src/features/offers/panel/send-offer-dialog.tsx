import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { useSendOffer } from '../api/send-offer';
import { offerDay } from '../offer-format';
import { LetterPreview } from './letter-preview';

/** Sending is the one step the candidate sees: the letter is shown first, then confirmed. */
export function SendOfferDialog({ offer, onClose }: { offer: TOffer; onClose: () => void }) {
  const send = useSendOffer();
  return (
    <Modal opened onClose={onClose} size="xl" title={`Send the offer to ${offer.candidate.name}`}>
      <Stack>
        <Text>
          {offer.candidate.name} ({offer.candidate.email}) gets a link to read and accept it. The link works until the end of {offerDay(offer.expiryDate)}.
        </Text>
        <LetterPreview offer={offer} height={420} />
        {send.isError ? <Alert color="red">{errorMessage(send.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={send.isPending} onClick={() => send.mutate(offer.id, { onSuccess: onClose })}>
            Send offer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
