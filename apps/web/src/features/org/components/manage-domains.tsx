import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ZDomain, type TDomainEntry } from '@hireflow/contracts/org';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useAddDomain, useDomains, useRemoveDomain, useRenameDomain, useSendDomainProof } from '../api/domains';

/** A pending domain's proof: where the last link went, and a form to send one (again) to an address at the domain. */
function DomainProof({ entry }: { entry: TDomainEntry }) {
  const { domain } = entry;
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(entry.proofSentTo ?? `it@${domain}`);
  const send = useSendDomainProof();
  const sentAt = entry.proofSentAt ? new Date(entry.proofSentAt).toLocaleString() : null;
  return (
    <Stack gap={4}>
      {entry.proofSentTo ? (
        <Text size="xs">
          Link sent to {entry.proofSentTo}
          {sentAt ? ` on ${sentAt}` : ''}. The domain becomes active when it is opened.
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Captures no sign-ups until someone at {domain} opens a proof link.
        </Text>
      )}
      {open ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(
              { domain, email: email.trim() },
              {
                onSuccess: (answer) => {
                  notifications.show({ message: answer.message, color: 'pastel-green' });
                  setOpen(false);
                },
              },
            );
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={`An address at ${domain}`}
              description="Someone who reads this mailbox opens the link."
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={send.isError ? errorMessage(send.error) : null}
              w={280}
            />
            <Button type="submit" size="xs" loading={send.isPending}>
              Send
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : (
        <Group>
          <Button size="xs" variant="light" onClick={() => setOpen(true)} aria-label={`${entry.proofSentTo ? 'Resend proof link' : 'Send proof link'} for ${domain}`}>
            {entry.proofSentTo ? 'Resend proof link' : 'Send proof link'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DomainRow({ entry }: { entry: TDomainEntry }) {
  const { domain } = entry;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(domain);
  const rename = useRenameDomain();
  const remove = useRemoveDomain();
  const error = rename.error ?? remove.error;
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <TextInput label={`New name for ${domain}`} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={rename.isError ? errorMessage(rename.error) : null} />
        ) : (
          domain
        )}
        {!editing && error ? <Text c="red" size="sm" role="alert">{errorMessage(error)}</Text> : null}
      </Table.Td>
      <Table.Td>
        {entry.status === 'active' ? (
          <Badge color="pastel-green">Active</Badge>
        ) : (
          <Stack gap={4} align="flex-start">
            <Badge color="yellow" variant="light">
              Pending proof
            </Badge>
            <DomainProof entry={entry} />
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {editing ? (
            <>
              <Button size="xs" loading={rename.isPending} onClick={() => rename.mutate({ from: domain, to: value }, { onSuccess: () => setEditing(false) })}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={`Edit ${domain}`}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(domain)} aria-label={`Remove ${domain}`}>
                Remove
              </Button>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** company-settings/manage-domains: employees with these email domains may sign themselves up. */
export function ManageDomains() {
  const domains = useDomains();
  const add = useAddDomain();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZDomain.safeParse(value);
    if (!parsed.success) return setInvalid('Enter a domain such as acme.com');
    setInvalid(null);
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        const added = answer.domains.find((d) => d.domain === parsed.data);
        const message = added?.status === 'active' ? `${parsed.data} added and active` : `${parsed.data} added: send a proof link to make it active`;
        notifications.show({ message, color: 'pastel-green' });
        setValue('');
      },
    });
  };
  return (
    <Stack gap="md">
      <Title order={1}>Email domains</Title>
      <Text c="dimmed" size="sm">
        People whose email address ends in one of these domains can sign themselves up as employees of your company. A domain
        becomes active once proven: at once if your own verified email is at it, otherwise when someone at the domain opens the
        proof link you send them.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start">
          <TextInput label="Domain" placeholder="acme.com" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={invalid} w={280} />
          <Button type="submit" mt={25} loading={add.isPending}>
            Add domain
          </Button>
        </Group>
      </form>
      <FormAlert message={add.isError ? errorMessage(add.error) : null} />
      {domains.isPending ? (
        <Loader role="progressbar" aria-label="Loading domains" />
      ) : domains.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(domains.error)}
        </Alert>
      ) : domains.data.domains.length === 0 ? (
        <Text role="status">No domains yet: only people you add can sign in.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Domain</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.data.domains.map((d) => (
              <DomainRow key={d.domain} entry={d} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
