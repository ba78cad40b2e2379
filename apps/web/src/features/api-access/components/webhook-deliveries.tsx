import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TWebhookView } from '@hireflow/contracts/api-access';
import { errorMessage } from '@/lib/api-client';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { DeliveryStatusBadge, formatDateTime, LoadError } from './shared';

/** A webhook's delivery log: each event sent, its status, the receiver's answer, and a resend. */
export function WebhookDeliveries({ webhook, onClose }: { webhook: TWebhookView; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhook.id, page);
  const resend = useResendDelivery();
  const [status, setStatus] = useState('');
  const items = log.data?.items ?? [];
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" style={{ wordBreak: 'break-all' }}>
            Deliveries to {webhook.url}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => void log.refetch()} loading={log.isFetching}>
              Refresh
            </Button>
            <Button size="xs" variant="subtle" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Group>
        <Text role="status" size="sm">
          {status}
        </Text>
        {log.isPending ? (
          <Loader size="sm" role="progressbar" aria-label="Loading deliveries" />
        ) : log.isError ? (
          <LoadError error={log.error} />
        ) : items.length === 0 ? (
          <Text c="dimmed">No deliveries yet. Events the webhook subscribed to appear here once they happen; send a test event to try it now.</Text>
        ) : (
          <Table aria-label="Deliveries" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>Resend</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    {d.event}
                    {d.resentFrom && (
                      <Text size="xs" c="dimmed">
                        resent
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>{d.responseCode ?? '—'}</Table.Td>
                  <Table.Td>{d.attempt}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{d.error}</Text>
                    {d.nextAttemptAt && (
                      <Text size="xs" c="dimmed">
                        Next attempt {formatDateTime(d.nextAttemptAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      disabled={!webhook.active}
                      loading={resend.isPending && resend.variables?.deliveryId === d.id}
                      aria-label={`Resend ${d.event} of ${formatDateTime(d.createdAt)}`}
                      onClick={() =>
                        resend.mutate(
                          { id: webhook.id, deliveryId: d.id },
                          {
                            onSuccess: (r) => (setStatus(r.status === 'succeeded' ? `Resent: the receiver answered ${r.responseCode}.` : `Resent, not delivered: ${r.error}.`), setPage(1), void log.refetch()),
                            onError: (e) => setStatus(errorMessage(e)),
                          },
                        )
                      }
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!webhook.active && items.length > 0 && <Alert color="gray">This webhook is turned off: turn it on to resend.</Alert>}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Delivery pages" />}
      </Stack>
    </Paper>
  );
}
