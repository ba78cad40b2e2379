import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { CurrentPlanCard } from '@/features/billing/components/current-plan-card';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { PromoCodeForm } from '@/features/billing/components/promo-code-form';

/** company-settings/Subscription: the plan, seats used of allowed, the trial, changing plan and applying a promo code. */
export default function SubscriptionPage() {
  const subscription = useSubscription();
  const [changed, setChanged] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>Subscription</Title>
      {subscription.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading your subscription…</Text>
        </Group>
      ) : subscription.isError ? (
        <Stack gap="xs" align="flex-start">
          <FormAlert message={errorMessage(subscription.error)} />
          <Button variant="default" size="xs" onClick={() => void subscription.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <>
          <FormAlert message={changed} tone="success" />
          <CurrentPlanCard subscription={subscription.data} />
          <PromoCodeForm subscription={subscription.data} />
          <PlanCards subscription={subscription.data} onChanged={setChanged} />
        </>
      )}
    </Stack>
  );
}
