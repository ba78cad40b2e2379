import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { errorMessage } from '@/lib/api-client';
import { useCampaigns } from '../api/campaigns';
import { CampaignStatusBadge, formatDateTime } from './campaign-status';

/** /database-campaign: every campaign of the company, newest first. */
export function CampaignList() {
  const campaigns = useCampaigns();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Campaigns</Title>
        <Button component={Link} to={`${Paths.databaseCampaign}/new`}>
          New campaign
        </Button>
      </Group>
      {campaigns.isPending ? (
        <Loader role="progressbar" aria-label="Loading campaigns" />
      ) : campaigns.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(campaigns.error)}
        </Alert>
      ) : campaigns.data.items.length === 0 ? (
        <Paper withBorder p="xl" radius="md" role="status">
          <Text fw={500}>No campaigns yet.</Text>
          <Text c="dimmed" size="sm">
            Pick candidates in the database, or start a new campaign here, to write to many candidates at once.
          </Text>
        </Paper>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Recipients</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Bounced</Table.Th>
              <Table.Th>Queued</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.data.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${Paths.databaseCampaign}/${c.id}`}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <CampaignStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{c.totals.recipients}</Table.Td>
                <Table.Td>{c.totals.sent}</Table.Td>
                <Table.Td>{c.totals.failed}</Table.Td>
                <Table.Td>{c.totals.bounced}</Table.Td>
                <Table.Td>{c.totals.queued}</Table.Td>
                <Table.Td>
                  {formatDateTime(c.createdAt)}
                  {c.createdBy ? ` by ${c.createdBy.name}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
