import { Anchor, Badge, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { WebhookEventLabels, WebhookEvents, WebhookSignatureHeader, type TWebhookDelivery, type TWebhookEvent, type TWebhookView } from '@hireflow/contracts/api-access';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { DeliveryStatusBadge, formatDateTime, LoadError, ShownOnce } from './shared';
import { WebhookDeliveries } from './webhook-deliveries';

const testOutcome = (d: TWebhookDelivery) =>
  d.status === 'succeeded' ? `Test event sent: the receiver answered ${d.responseCode}.` : `Test event not delivered: ${d.error || `the receiver answered ${d.responseCode}`}.${d.status === 'pending' ? ' It will be tried again.' : ''}`;

/** The company's webhooks: where events are POSTed, signed; each with its delivery log. */
export function WebhooksPanel() {
  const hooks = useWebhooks();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<TWebhookView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TWebhookView | null>(null);
  const [logOf, setLogOf] = useState<TWebhookView | null>(null);
  const [status, setStatus] = useState('');
  const items = hooks.data?.items ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          A webhook POSTs a JSON event to your server when something happens (a new application, a move, an accepted offer, a hire). Each request is signed in the {WebhookSignatureHeader} header with the webhook&apos;s secret; failed deliveries are retried with increasing delays.
        </Text>
        <Button onClick={() => setEditing('new')} disabled={hooks.isError}>
          Add webhook
        </Button>
      </Group>
      <Text role="status" size="sm">
        {status}
      </Text>
      {hooks.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading webhooks" />
      ) : hooks.isError ? (
        <LoadError error={hooks.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">No webhooks yet. Add one with the https address of your receiver and the events it wants.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Webhooks" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Last delivery</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((hook) => (
                <Table.Tr key={hook.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {hook.url}
                    {!hook.active && (
                      <Badge ml="xs" color="gray.7" variant="outline">
                        Off
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {hook.events.map((e) => (
                        <Badge key={e} variant="light" title={WebhookEventLabels[e]}>
                          {e}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {hook.lastDelivery ? (
                      <Group gap={4}>
                        <DeliveryStatusBadge status={hook.lastDelivery.status} />
                        <Text size="xs">{formatDateTime(hook.lastDelivery.createdAt)}</Text>
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        None yet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(hook)} aria-label={`Edit ${hook.url}`}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        disabled={!hook.active}
                        loading={test.isPending && test.variables === hook.id}
                        onClick={() => test.mutate(hook.id, { onSuccess: (d) => setStatus(testOutcome(d)), onError: (e) => setStatus(errorMessage(e)) })}
                        aria-label={`Send a test event to ${hook.url}`}
                      >
                        Test
                      </Button>
                      <Button size="xs" variant="subtle" onClick={() => setLogOf(hook)} aria-label={`Deliveries of ${hook.url}`}>
                        Deliveries
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(hook)} aria-label={`Delete ${hook.url}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {logOf && <WebhookDeliveries webhook={logOf} onClose={() => setLogOf(null)} />}
      <WebhookFormModal editing={editing} onClose={() => setEditing(null)} onSaved={setStatus} />
      <DeleteWebhookModal webhook={deleting} onClose={() => setDeleting(null)} onDeleted={(h) => (setStatus(`The webhook to ${h.url} was deleted.`), logOf?.id === h.id && setLogOf(null))} />
    </Stack>
  );
}

function WebhookFormModal({ editing, onClose, onSaved }: { editing: TWebhookView | 'new' | null; onClose: () => void; onSaved: (status: string) => void }) {
  const existing = editing && editing !== 'new' ? editing : null;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={existing ? 'Edit webhook' : 'Add a webhook'} size="lg">
      {editing !== null && <WebhookForm key={existing?.id ?? 'new'} existing={existing} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function WebhookForm({ existing, onClose, onSaved }: { existing: TWebhookView | null; onClose: () => void; onSaved: (status: string) => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const [url, setUrl] = useState(existing?.url ?? 'https://');
  const [events, setEvents] = useState<TWebhookEvent[]>(existing?.events ?? []);
  const [active, setActive] = useState(existing?.active ?? true);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const saving = existing ? update : create;
  const failed = [create, update, rotate].find((m) => m.isError);

  if (secret) {
    return (
      <Stack>
        <ShownOnce label="Signing secret" copyLabel="Copy secret" value={secret} warning="This is the only time this secret is shown. Your receiver needs it to verify the signature of each delivery." />
        <Text size="sm" c="dimmed">
          Verify a delivery: take t and v1 from the {WebhookSignatureHeader} header, compute the hex HMAC-SHA256 of &quot;t.body&quot; (the raw request body) with this secret, and compare it with v1.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const input = { url: url.trim(), events, active };
        if (existing) update.mutate({ id: existing.id, input }, { onSuccess: (h) => (onSaved(`The webhook to ${h.url} was saved.`), onClose()) });
        else create.mutate(input, { onSuccess: (r) => (onSaved(`The webhook to ${r.webhook.url} was added.`), setSecret(r.secret)) });
      }}
    >
      <Stack>
        <TextInput label="Address" description="The https address of your receiver" value={url} onChange={(e) => setUrl(e.currentTarget.value)} required data-autofocus />
        <Checkbox.Group label="Events" description="What to send to this address" value={events} onChange={(v) => setEvents(v as TWebhookEvent[])}>
          <Stack gap={6} mt="xs">
            {WebhookEvents.map((e) => (
              <Checkbox key={e} value={e} label={`${WebhookEventLabels[e]} (${e})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Send events to this address" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        {existing &&
          (confirmRotate ? (
            <Group gap="xs">
              <Text size="sm">The current secret stops working at once. Make a new one?</Text>
              <Button size="xs" color="red" loading={rotate.isPending} onClick={() => rotate.mutate(existing.id, { onSuccess: (r) => setSecret(r.secret) })}>
                Make a new secret
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmRotate(false)}>
                Keep the current one
              </Button>
            </Group>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={() => setConfirmRotate(true)}>
              Lost the secret? Make a new one
            </Anchor>
          ))}
        <FormAlert message={failed ? errorMessage(failed.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.isPending} disabled={!url.trim() || events.length === 0}>
            {existing ? 'Save webhook' : 'Add webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteWebhookModal({ webhook, onClose, onDeleted }: { webhook: TWebhookView | null; onClose: () => void; onDeleted: (hook: TWebhookView) => void }) {
  const remove = useDeleteWebhook();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={webhook !== null} onClose={close} title="Delete this webhook?">
      <Stack>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          Events stop going to {webhook?.url}, and its delivery log is deleted.
        </Text>
        <FormAlert message={remove.isError ? errorMessage(remove.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => webhook && remove.mutate(webhook.id, { onSuccess: () => (onDeleted(webhook), close()) })}>
            Delete webhook
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
