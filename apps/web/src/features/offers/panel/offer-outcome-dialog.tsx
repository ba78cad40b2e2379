import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { OfferLimits, type TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { useRecordOfferOutcome } from '../api/record-offer-outcome';
import { offerDay } from '../offer-format';

/** After the start date: did the new hire join? */
export function OfferOutcomeDialog({ offer, outcome, onClose }: { offer: TOffer; outcome: 'joined' | 'no_show'; onClose: () => void }) {
  const record = useRecordOfferOutcome();
  const [note, setNote] = useState('');
  const joined = outcome === 'joined';
  return (
    <Modal opened onClose={onClose} title={joined ? `${offer.candidate.name} joined` : `${offer.candidate.name} did not show up`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          record.mutate({ id: offer.id, input: { outcome, note: note.trim() } }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Text fz="sm">
            {joined ? `Record that ${offer.candidate.name} started on or after ${offerDay(offer.startDate)}.` : `Record that ${offer.candidate.name} did not start on ${offerDay(offer.startDate)}.`}
          </Text>
          <Textarea label="Note (optional)" autosize minRows={2} maxLength={OfferLimits.maxReasonLength} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-autofocus />
          {record.isError ? <Alert color="red">{errorMessage(record.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending} color={joined ? 'green' : 'orange'}>
              {joined ? 'Record joined' : 'Record no-show'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
