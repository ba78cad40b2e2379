import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { errorMessage, toApiError } from '@/lib/api-client';
import { useApplicationOffers } from '../api/get-application-offers';
import { useOfferOptions } from '../api/get-offer-options';
import { invalidateOffers } from '../api/invalidate-offers';
import { OfferItem, type OfferAction } from './offer-item';
import { LetterPreviewDialog } from './letter-preview-dialog';
import { SendOfferDialog } from './send-offer-dialog';
import { RevokeOfferDialog } from './revoke-offer-dialog';
import { OfferOutcomeDialog } from './offer-outcome-dialog';

// The form (dates, custom fields, the manager picker) loads when it is first opened.
const OfferFormDialog = lazy(() => import('../form/offer-form-dialog').then((m) => ({ default: m.OfferFormDialog })));

type Props = { applicationId: string; candidateName: string };
type Action = OfferAction | { kind: 'create' };

/**
 * The offers of one application (the application page): what was offered, where it stands and what the
 * caller may do with it now. Pay is confidential: someone who may not see it gets no panel at all.
 */
export function ApplicationOffers({ applicationId, candidateName }: Props) {
  const offers = useApplicationOffers(applicationId);
  const options = useOfferOptions(applicationId);
  const client = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);

  useLiveEvents((event) => {
    if (event.kind === 'offer.changed' && (event.applicationId === applicationId || event.applicationId === null)) void invalidateOffers(client);
  });

  if (offers.isError && [403, 404].includes(toApiError(offers.error).status ?? 0)) return null;
  const items = offers.data?.items ?? [];
  const blockedReason = options.data?.blockedReason ?? null;
  const fieldLabels = Object.fromEntries((options.data?.customFields ?? []).map((f) => [f.key, f.label]));
  const canMake = options.data !== undefined && blockedReason === null;
  // Once an offer was accepted the panel is about that offer: why another cannot be made goes without saying.
  const settled = items.some((o) => o.status === 'accepted' || o.status === 'joined');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Offers">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Offers
        </Title>
        {canMake ? (
          <Button size="compact-sm" onClick={() => setAction({ kind: 'create' })}>
            Make an offer
          </Button>
        ) : null}
      </Group>
      {offers.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading offers" />
      ) : offers.isError ? (
        <Alert color="red" title="The offers could not be loaded">
          {errorMessage(offers.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {items.length === 0 ? <Text c="dimmed">No offers yet.</Text> : null}
          {options.data && blockedReason && !settled ? (
            <Text fz="sm" c="dimmed">
              {blockedReason}
            </Text>
          ) : null}
          {items.length > 0 ? (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((offer) => (
                <OfferItem key={offer.id} offer={offer} fieldLabels={fieldLabels} onAction={setAction} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
      {action ? <ActionDialog action={action} applicationId={applicationId} candidateName={candidateName} onClose={close} /> : null}
    </Paper>
  );
}

function ActionDialog({ action, applicationId, candidateName, onClose }: { action: Action; applicationId: string; candidateName: string; onClose: () => void }) {
  switch (action.kind) {
    case 'create':
    case 'edit':
      return (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the offer form" />}>
          <OfferFormDialog applicationId={applicationId} candidateName={candidateName} offer={action.kind === 'edit' ? action.offer : null} onClose={onClose} />
        </Suspense>
      );
    case 'preview':
      return <LetterPreviewDialog offer={action.offer} kind={action.letter} onClose={onClose} />;
    case 'send':
      return <SendOfferDialog offer={action.offer} onClose={onClose} />;
    case 'revoke':
      return <RevokeOfferDialog offer={action.offer} onClose={onClose} />;
    case 'outcome':
      return <OfferOutcomeDialog offer={action.offer} outcome={action.outcome} onClose={onClose} />;
  }
}

