import { Badge, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiScopeLabels, ApiScopes, type TApiKeyCreated, type TApiKeyItem, type TApiScope } from '@hireflow/contracts/api-access';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { formatDateTime, LoadError, ShownOnce } from './shared';

/** The company's API keys: create one with scopes (shown once), see when each was last used, revoke. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKeyItem | null>(null);
  const [status, setStatus] = useState('');
  const items = keys.data?.items ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          Your own systems call the Hireflow API at /api/v1 with a key, sent as &quot;Authorization: Bearer hf_live_…&quot;. Each key reaches only what its scopes allow. A key is shown once when it is created; Hireflow keeps only a hash of it.
        </Text>
        <Button onClick={() => setCreating(true)} disabled={keys.isError}>
          Create API key
        </Button>
      </Group>
      <Text role="status" size="sm">
        {status}
      </Text>
      {keys.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading API keys" />
      ) : keys.isError ? (
        <LoadError error={keys.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">No API keys yet. Create one to let your own systems read jobs or add candidates through the API.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="API keys" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created by</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      hf_live_{key.prefix}_…
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {key.scopes.map((s) => (
                        <Badge key={s} variant="light" title={ApiScopeLabels[s]}>
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{key.createdBy?.name ?? 'Former user'}</Table.Td>
                  <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      <Badge color="gray.7" variant="outline">
                        Revoked {formatDateTime(key.revokedAt)}
                      </Badge>
                    ) : (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={(k) => setStatus(`${k.name} was revoked: calls with it are refused from now on.`)} />
    </Stack>
  );
}

function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiScope[]>([]);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const close = () => {
    setName('');
    setScopes([]);
    setCreated(null);
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={created ? 'Your new API key' : 'Create an API key'} size="lg">
      {created ? (
        <Stack>
          <ShownOnce label="API key" copyLabel="Copy key" value={created.fullKey} warning={`This is the only time the key "${created.key.name}" is shown. Store it in your system's secrets; if you lose it, revoke it and create another.`} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name: name.trim(), scopes }, { onSuccess: setCreated });
          }}
        >
          <Stack>
            <TextInput label="Name" description="What uses this key, e.g. ERP sync" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} required data-autofocus />
            <Checkbox.Group label="Scopes" description="What calls with this key may do" value={scopes} onChange={(v) => setScopes(v as TApiScope[])}>
              <Stack gap={6} mt="xs">
                {ApiScopes.map((s) => (
                  <Checkbox key={s} value={s} label={`${ApiScopeLabels[s]} (${s})`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <FormAlert message={create.isError ? errorMessage(create.error) : null} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function RevokeKeyModal({ apiKey, onClose, onRevoked }: { apiKey: TApiKeyItem | null; onClose: () => void; onRevoked: (key: TApiKeyItem) => void }) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title={apiKey ? `Revoke ${apiKey.name}?` : ''}>
      <Stack>
        <Text size="sm">Systems that use this key are refused from their next call. This cannot be undone: create a new key to give access again.</Text>
        <FormAlert message={revoke.isError ? errorMessage(revoke.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => apiKey && revoke.mutate(apiKey.id, { onSuccess: (k) => (onRevoked(k), close()) })}>
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
