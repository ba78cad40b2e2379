import { useState } from 'react';
import { Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlanFeatureLabels, PlanFeatures, formatMoney, type TPlanId } from '@hireflow/contracts/billing';
import type { TPlanOffer, TSubscriptionView } from '@hireflow/contracts/billing-subscription';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useChangePlan } from '../api/change-plan';
import { usePlanQuote } from '../api/get-plan-quote';
import { formatDifference } from './money';

/** Every plan with its price, seats and features; choosing one asks for confirmation with the price difference. */
export function PlanCards({ subscription, onChanged }: { subscription: TSubscriptionView; onChanged: (message: string) => void }) {
  const [chosen, setChosen] = useState<TPlanId | null>(null);
  return (
    <section aria-labelledby="plans-title">
      <Stack gap="sm">
        <Title order={2} id="plans-title" size="h3">
          Plans
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {subscription.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} inTrial={subscription.inTrial} onChoose={() => setChosen(plan.id)} />
          ))}
        </SimpleGrid>
      </Stack>
      {chosen ? <ConfirmPlanChange subscription={subscription} plan={chosen} onClose={() => setChosen(null)} onChanged={onChanged} /> : null}
    </section>
  );
}

function PlanCard({ plan, inTrial, onChoose }: { plan: TPlanOffer; inTrial: boolean; onChoose: () => void }) {
  const discounted = plan.discountedPriceMinor !== plan.priceMinor;
  return (
    <Card withBorder component="article" aria-labelledby={`plan-${plan.id}`} style={plan.current ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <Title order={3} id={`plan-${plan.id}`} size="h4">
            {plan.name}
          </Title>
          {plan.current ? <Text size="sm" c="blue.9" fw={500}>Your plan</Text> : null}
        </Group>
        <Text size="sm">{plan.blurb}</Text>
        <Text fw={700}>
          {discounted ? (
            <>
              <Text span td="line-through" c="dimmed" fw={400}>
                {formatMoney(plan.priceMinor)}
              </Text>{' '}
              {formatMoney(plan.discountedPriceMinor)} a month
            </>
          ) : (
            `${formatMoney(plan.priceMinor)} a month`
          )}
        </Text>
        <Text size="sm">{plan.seats} seats</Text>
        <List size="sm" spacing={2} aria-label={`${plan.name} features`}>
          {PlanFeatures.map((f) => (
            <List.Item key={f} icon={<span aria-hidden>{plan.features.includes(f) ? '✓' : '–'}</span>}>
              {plan.features.includes(f) ? PlanFeatureLabels[f] : <Text span c="dimmed" size="sm">{`Not included: ${PlanFeatureLabels[f]}`}</Text>}
            </List.Item>
          ))}
        </List>
        <Button mt="auto" variant={plan.current ? 'default' : 'filled'} disabled={plan.current && !inTrial} onClick={onChoose}>
          {plan.current ? (inTrial ? `Keep ${plan.name} after the trial` : 'Current plan') : `Change to ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}

function ConfirmPlanChange({ subscription, plan, onClose, onChanged }: { subscription: TSubscriptionView; plan: TPlanId; onClose: () => void; onChanged: (message: string) => void }) {
  const quote = usePlanQuote({ plan });
  const change = useChangePlan({
    onSuccess: (answer) => {
      if (answer.kind === 'redirect') {
        window.location.assign(answer.url);
        return;
      }
      onChanged(answer.message);
      onClose();
    },
  });
  const name = subscription.plans.find((p) => p.id === plan)!.name;
  const q = quote.data;
  const blocked = q?.blocked && !(subscription.inTrial && q.plan === q.currentPlan) ? q.blocked : null;
  return (
    <Modal opened onClose={onClose} title={`Change to the ${name} plan?`}>
      <Stack gap="sm">
        {quote.isPending ? <Text>Working out the price…</Text> : null}
        <FormAlert message={quote.isError ? errorMessage(quote.error) : null} />
        {q ? (
          <Stack gap={4}>
            <Text>
              Now: {formatMoney(q.currentPriceMinor)} a month. {name}: {formatMoney(q.newPriceMinor)} a month
              {q.newPriceMinor !== q.priceMinor ? ` (with promo code ${q.promo?.code})` : ''}.
            </Text>
            <Text fw={700}>Difference: {formatDifference(q.differenceMinor)} a month</Text>
            {subscription.inTrial ? <Text size="sm">Changing the plan ends your free trial now.</Text> : null}
            {subscription.provider === 'stripe' ? <Text size="sm">You will pay at checkout; the plan changes once the payment is through.</Text> : null}
          </Stack>
        ) : null}
        <FormAlert message={blocked} />
        <FormAlert message={change.isError ? errorMessage(change.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={change.isPending} disabled={!q || Boolean(blocked)} onClick={() => change.mutate({ plan })}>
            Confirm change to {name}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
