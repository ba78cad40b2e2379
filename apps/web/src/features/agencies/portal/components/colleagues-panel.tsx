import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AgencyPortalMessages, ZAgencyColleagueRequest } from '@hireflow/contracts/agency-portal';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAddColleague, useColleagues } from '../api/portal-api';
import { formatDay } from './format';
import { PanelError, PanelLoading } from './panel-states';

/** The agency's users; the contact person may invite another. */
export function ColleaguesPanel({ isContact }: { isContact: boolean }) {
  const colleagues = useColleagues();

  let list: React.ReactNode;
  if (colleagues.isPending) list = <PanelLoading label="Loading colleagues" />;
  else if (colleagues.isError) list = <PanelError error={colleagues.error} onRetry={() => void colleagues.refetch()} />;
  else {
    list = (
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="sm">
          <Table.Caption>People of your agency who can use this portal</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Last sign-in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {colleagues.data.map((person) => (
              <Table.Tr key={person.id}>
                <Table.Td>
                  <Group gap={6}>
                    <span>{person.name}</span>
                    {person.isContact ? (
                      <Badge variant="outline" color="indigo.9" size="sm">
                        Contact
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
                <Table.Td>{person.status === 'invited' ? 'Invited' : person.status === 'active' ? 'Active' : 'Disabled'}</Table.Td>
                <Table.Td>{person.lastLoginAt ? formatDay(person.lastLoginAt) : 'Never'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      {list}
      {isContact ? <AddColleague /> : <Text size="sm">{AgencyPortalMessages.onlyContactAddsColleagues}</Text>}
    </Stack>
  );
}

function AddColleague() {
  const add = useAddColleague();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '', email: '' }, validate: zodValidate(ZAgencyColleagueRequest) });
  const submit = form.onSubmit((values) => {
    setSent(null);
    add.mutate(ZAgencyColleagueRequest.parse(values), {
      onSuccess: (person) => {
        setSent(`Invitation sent to ${person.email}.`);
        form.reset();
      },
    });
  }, focusFirstError(form, ['name', 'email']));

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="add-colleague-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="add-colleague-title">
            Add a colleague
          </Title>
          <Text size="sm">They get a mail with your agency’s sign-in link to choose a password.</Text>
          <FormAlert tone="success" message={sent} />
          <FormAlert message={add.isError ? errorMessage(add.error) : null} />
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput label="Name" required miw={200} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" required miw={200} {...form.getInputProps('email')} />
          </Group>
          <Group>
            <Button type="submit" loading={add.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
