import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { buildPath, Paths } from '@hireflow/contracts/routes';

/**
 * The plan and seat refusals (403 plan_required, 409 seats_full: contracts BillingMessages) end by naming
 * the Subscription page; wherever such a message is shown, it links there.
 */
const namesSubscriptionPage = (message: string) => message.includes('Company settings → Subscription');
export const SubscriptionPagePath = buildPath(Paths.companySettingsPage, { page: 'Subscription' });

/** A form-level message: errors are announced at once (role=alert), confirmations politely. */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' | 'info' }) {
  if (!message) return null;
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'pastel-green' : 'blue';
  return (
    <Alert color={color} variant="light" role={tone === 'error' ? 'alert' : 'status'}>
      {namesSubscriptionPage(message) ? (
        <Stack gap={4} align="flex-start">
          <span>{message}</span>
          <Anchor component={Link} to={SubscriptionPagePath}>
            Open Subscription
          </Anchor>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
