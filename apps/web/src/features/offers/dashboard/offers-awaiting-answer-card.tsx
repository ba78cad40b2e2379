import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Paths } from '@hireflow/contracts/routes';
import type { TOfferSummary } from '@hireflow/contracts/offers';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { useOffersAwaitingAnswer } from '../api/get-offers-awaiting-answer';
import { addDays, offerDate, offerDay, todayDay } from '../offer-format';

const CardRows = 5;
/** An offer whose last day to answer is this close is highlighted. */
const SoonDays = 2;
const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function expiryBadge(expiryDate: string, today: string) {
  if (expiryDate === today) return { label: 'Expires today', color: 'red.9' };
  if (expiryDate <= addDays(today, SoonDays)) return { label: 'Expires soon', color: 'grape.9' };
  return null;
}

function OfferRow({ offer, today }: { offer: TOfferSummary; today: string }) {
  const soon = expiryBadge(offer.expiryDate, today);
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Anchor component={Link} to={`/application/${offer.applicationId}`} fw={500}>
            {offer.candidate.name}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {offer.job.name}
            {offer.sentAt ? ` · sent ${offerDate(offer.sentAt)}` : ''}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <Text fz="sm" fw={soon ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
            answer by {offerDay(offer.expiryDate)}
          </Text>
          {soon ? (
            <Badge size="sm" variant="outline" color={soon.color}>
              {soon.label}
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </li>
  );
}

/** Dashboard: offers sent on the jobs I run that the candidate has not answered yet, soonest to expire first. */
export default function OffersAwaitingAnswerCard() {
  const list = useOffersAwaitingAnswer();
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'offer.changed') void client.invalidateQueries({ queryKey: ['offers', 'awaiting-answer'] });
  });
  const today = todayDay();
  const items = [...(list.data?.items ?? [])].sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
  return (
    <DashboardCard title="Offers sent, not yet answered" total={list.data?.total} seeAll={{ to: Paths.jobsMine, label: 'My jobs' }}>
      {list.data ? (
        items.length === 0 ? (
          <Text c="dimmed">No offers are waiting for an answer. Once an approved offer is sent to a candidate from the application page, it shows here until they accept or decline.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {items.slice(0, CardRows).map((o) => (
              <OfferRow key={o.id} offer={o} today={today} />
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={list.isPending} error={list.error} label="offers" />
      )}
    </DashboardCard>
  );
}
