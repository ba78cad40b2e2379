import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { OfferLimits, type TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { useRevokeOffer } from '../api/revoke-offer';

/** Revoking withdraws the offer for good; the candidate is mailed the reason. */
export function RevokeOfferDialog({ offer, onClose }: { offer: TOffer; onClose: () => void }) {
  const revoke = useRevokeOffer();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened onClose={onClose} title={`Revoke the offer to ${offer.candidate.name}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          revoke.mutate({ id: offer.id, input: { reason: reason.trim() } }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Text fz="sm">
            {offer.status === 'sent' ? 'The candidate’s link stops working and they are mailed the reason.' : 'The offer is withdrawn; it cannot be sent afterwards.'}
          </Text>
          <Textarea
            label="Reason"
            description="The candidate is told why."
            withAsterisk
            autosize
            minRows={3}
            maxLength={OfferLimits.maxReasonLength}
            value={reason}
            error={missing ? 'Give a reason: the candidate is told why.' : undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setMissing(false);
            }}
            data-autofocus
          />
          {revoke.isError ? <Alert color="red">{errorMessage(revoke.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep the offer
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending}>
              Revoke offer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
