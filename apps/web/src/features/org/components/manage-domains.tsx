import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ZDomain } from '@hireflow/contracts/org';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useAddDomain, useDomains, useRemoveDomain, useRenameDomain } from '../api/domains';

function DomainRow({ domain }: { domain: string }) {
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
      onSuccess: () => {
        notifications.show({ message: `${parsed.data} added`, color: 'pastel-green' });
        setValue('');
      },
    });
  };
  return (
    <Stack gap="md">
      <Title order={1}>Email domains</Title>
      <Text c="dimmed" size="sm">
        People whose email address ends in one of these domains can sign themselves up as employees of your company.
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
        <Loader aria-label="Loading domains" />
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
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.data.domains.map((d) => (
              <DomainRow key={d} domain={d} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
