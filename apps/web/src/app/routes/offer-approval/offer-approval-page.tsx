import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { TOffer } from '@hireflow/contracts/offers';
import { offerKey, offersKey, useOfferApproval } from '@/features/offers/api/get-offer-approval';
import { OfferDetailsCard } from '@/features/offers/approval/offer-details-card';
import { OfferLetterPreview } from '@/features/offers/approval/offer-letter-preview';
import { OfferStatusBadge } from '@/features/offers/approval/offer-status-badge';
import { ApprovalSubjectLayout } from '@/features/approvals/components/approval-subject-layout';
import { ApprovalDecisionForm } from '@/features/approvals/components/approval-decision-form';
import { ApprovalChainActions } from '@/features/approvals/components/approval-actions';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

/** A decision on the offer refreshes every offer query (this page, the application's offers, the dashboard). */
const offerQueries: QueryKey[] = [offersKey];

/** /offer-approval/{offerId}: the offer, its letter, its chain and history, and the decision for the current approver. */
export default function OfferApprovalPage() {
  const id = useParams().offerId ?? '';
  const offer = useOfferApproval(id);
  const queryClient = useQueryClient();
  // A colleague deciding, or the recruiter changing the offer, refreshes the page.
  useLiveEvents((event) => {
    if (event.kind === 'offer.changed' && event.data.offerId === id) void queryClient.invalidateQueries({ queryKey: offerKey(id) });
  });
  if (offer.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading offer" />
      </Group>
    );
  }
  if (offer.isError) {
    const status = (offer.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Offer approval</Title>
        <Alert color="red" title="This offer could not be loaded">
          {errorMessage(offer.error)}
        </Alert>
      </Stack>
    );
  }
  return <OfferApprovalView offer={offer.data} />;
}

function OfferApprovalView({ offer }: { offer: TOffer }) {
  const chain = offer.approval;
  const returned = chain.status === 'rejected' ? [...chain.history].reverse().find((h) => h.action === 'rejected') : undefined;
  return (
    <Stack gap="md">
      <div>
        <Group gap="sm">
          <Title order={1}>Offer for {offer.candidate.name}</Title>
          <OfferStatusBadge status={offer.status} />
        </Group>
        <Text c="dimmed">
          {offer.jobTitle === offer.job.name ? offer.job.name : `${offer.jobTitle} · job: ${offer.job.name}`}
        </Text>
      </div>
      {chain.status === 'approved' && offer.status === 'approved' ? <Alert color="green">The offer is approved. The recruiter can send it to the candidate now.</Alert> : null}
      {returned ? (
        <Alert color="red">
          {returned.by?.name ?? 'An approver'} returned it: “{returned.comment}”. The offer can be changed and submitted again.
        </Alert>
      ) : null}
      {chain.canDecide ? <ApprovalDecisionForm kind="offer" subjectId={offer.id} invalidate={offerQueries} /> : null}
      <ApprovalChainActions kind="offer" subjectId={offer.id} chain={chain} noun="offer" invalidate={offerQueries} />
      <ApprovalSubjectLayout chain={chain}>
      <Stack>
        <OfferDetailsCard offer={offer} />
        <OfferLetterPreview offer={offer} />
      </Stack>
      </ApprovalSubjectLayout>
    </Stack>
  );
}
