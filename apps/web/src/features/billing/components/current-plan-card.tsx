import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type TSubscriptionState } from '@hireflow/contracts/billing';
import type { TSubscriptionView } from '@hireflow/contracts/billing-subscription';
import { formatDay } from './money';

const StateLabels: Record<TSubscriptionState, string> = { trialing: 'Free trial', active: 'Active', past_due: 'Payment overdue', canceled: 'Cancelled' };
// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const StateColors: Record<TSubscriptionState, string> = { trialing: 'blue.9', active: 'teal.9', past_due: 'red.9', canceled: 'gray.7' };

/** The plan now: its price (with the promo), the state, the trial's end and seats used of allowed. */
export function CurrentPlanCard({ subscription: s }: { subscription: TSubscriptionView }) {
  const discounted = s.discountedPriceMinor !== s.priceMinor;
  const seatsPercent = s.seats > 0 ? Math.min(100, Math.round((s.seatsUsed / s.seats) * 100)) : 100;
  return (
    <Card withBorder component="section" aria-labelledby="current-plan">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id="current-plan" size="h3">
            Current plan: {s.planName}
          </Title>
          <Badge color={StateColors[s.state]} variant="outline">
            {StateLabels[s.state]}
          </Badge>
        </Group>
        <Text aria-label="Monthly price">
          {discounted ? (
            <>
              <Text span td="line-through" c="dimmed">
                {formatMoney(s.priceMinor)}
              </Text>{' '}
              <Text span fw={700}>
                {formatMoney(s.discountedPriceMinor)} a month
              </Text>
            </>
          ) : (
            <Text span fw={700}>
              {formatMoney(s.priceMinor)} a month
            </Text>
          )}
        </Text>
        {s.inTrial && s.trialEndsAt ? (
          <Text>
            Your free trial ends on {formatDay(s.trialEndsAt)} ({s.trialDaysLeft} {s.trialDaysLeft === 1 ? 'day' : 'days'} left). Every feature is open until then.
          </Text>
        ) : null}
        <Stack gap={4}>
          <Text>
            Seats: {s.seatsUsed} of {s.seats} used
          </Text>
          <Progress.Root>
            <Progress.Section value={seatsPercent} color={seatsPercent >= 100 ? 'red' : seatsPercent >= 80 ? 'orange' : 'blue'} aria-label="Seats used" />
          </Progress.Root>
          {s.seatsUsed >= s.seats ? <Text size="sm">Every seat is taken: choose a bigger plan below to add users.</Text> : null}
        </Stack>
      </Stack>
    </Card>
  );
}
