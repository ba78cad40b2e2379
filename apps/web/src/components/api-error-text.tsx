import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { buildPath, Paths } from '@hireflow/contracts/routes';

export const SubscriptionPagePath = buildPath(Paths.companySettingsPage, { page: 'Subscription' });

/**
 * The plan and seat refusals (403 plan_required, 409 seats_full: contracts BillingMessages) end by naming the
 * Subscription page; wherever such a message is shown, it links there.
 */
export const namesSubscriptionPage = (message: string) => message.includes('Company settings → Subscription');

/** An error's message in words, with a link to the Subscription page when it is a plan or seat refusal. */
export function ApiErrorText({ message }: { message: string }) {
  if (!namesSubscriptionPage(message)) return <>{message}</>;
  return (
    <Stack gap={4} align="flex-start" component="span">
      <span>{message}</span>
      <Anchor component={Link} to={SubscriptionPagePath}>
        Open Subscription
      </Anchor>
    </Stack>
  );
}
