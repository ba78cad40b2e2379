import { Alert, Anchor, Badge, Button, CopyButton, Group, Code, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import type { TWebhookDeliveryStatus } from '@hireflow/contracts/api-access';
import { errorMessage, toApiError } from '@/lib/api-client';

export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');

/** A key or a secret the server shows this one time: copy it now, it cannot be shown again. */
export function ShownOnce({ label, copyLabel, value, warning }: { label: string; copyLabel: string; value: string; warning: string }) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" title="Copy it now">
        {warning}
      </Alert>
      <Text fw={500}>{label}</Text>
      <Code block data-testid="shown-once" style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <Group>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-live="polite">
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A failed list: the plan lacks the API (with the way to get it), or the error's message. */
export function LoadError({ error }: { error: unknown }) {
  if (toApiError(error).code === ErrorCodes.planRequired) {
    return (
      <Alert color="blue" title="Your plan does not include the API">
        <Stack gap={4}>
          <Text size="sm">{errorMessage(error)}</Text>
          <Anchor component={Link} to="/company-settings/Subscription" size="sm">
            See plans on the Subscription page
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const statusColors: Record<TWebhookDeliveryStatus, string> = { pending: 'blue.9', succeeded: 'teal.9', failed: 'red.9' };
const statusLabels: Record<TWebhookDeliveryStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

export function DeliveryStatusBadge({ status }: { status: TWebhookDeliveryStatus }) {
  return (
    <Badge color={statusColors[status]} variant="outline">
      {statusLabels[status]}
    </Badge>
  );
}
