import { Alert, Anchor, Button, Group, Loader, Pagination, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { TCampaign } from '@hireflow/contracts/candidates-campaigns';
import { errorMessage } from '@/lib/api-client';
import { useCampaign, useCancelCampaign } from '../api/campaigns';
import { CampaignStatusBadge, RecipientStatusBadge, formatDateTime } from './campaign-status';

function Totals({ campaign }: { campaign: TCampaign }) {
  const t = campaign.totals;
  const items: [string, number][] = [
    ['Recipients', t.recipients],
    ['Sent', t.sent],
    ['Queued', t.queued],
    ['Failed', t.failed],
    ['Bounced', t.bounced],
    ['Unsubscribed (skipped)', t.skipped_unsubscribed],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} component="dl" aria-label="Totals" m={0}>
      {items.map(([label, n]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {n}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /database-campaign/:id: totals, progress while sending (polled), and every recipient's status. */
export function CampaignDetail({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const campaign = useCampaign(id, page);
  const cancel = useCancelCampaign();
  if (campaign.isPending) return <Loader role="progressbar" aria-label="Loading the campaign" />;
  if (campaign.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(campaign.error)}
      </Alert>
    );
  const c = campaign.data;
  const done = c.totals.recipients - c.totals.queued;
  const percent = c.totals.recipients ? Math.round((done / c.totals.recipients) * 100) : 0;
  const pages = Math.max(1, Math.ceil(c.recipients.total / c.recipients.pageSize));
  return (
    <Stack gap="md">
      <Anchor component={Link} to={Paths.databaseCampaign} size="sm">
        ← All campaigns
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{c.name}</Title>
          <Group gap="xs">
            <CampaignStatusBadge status={c.status} />
            <Text size="sm" c="dimmed">
              {c.status === 'scheduled' && c.scheduledAt ? `Goes out ${formatDateTime(c.scheduledAt)}` : c.sentAt ? `Finished ${formatDateTime(c.sentAt)}` : `Created ${formatDateTime(c.createdAt)}`}
            </Text>
          </Group>
        </Stack>
        {(c.status === 'scheduled' || c.status === 'sending') && (
          <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate(c.id)}>
            Cancel campaign
          </Button>
        )}
      </Group>
      {cancel.isError && (
        <Alert color="red" role="alert">
          {errorMessage(cancel.error)}
        </Alert>
      )}
      <Text>
        <Text span fw={500}>
          Subject:
        </Text>{' '}
        {c.subject}
      </Text>
      {c.job && <Text size="sm">Job: {c.job.title}</Text>}
      {c.status === 'sending' && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            Sending: {done} of {c.totals.recipients} done
          </Text>
          <Progress value={percent} aria-label="Sending progress" />
        </Stack>
      )}
      <Totals campaign={c} />
      <Title order={2} size="h3">
        Recipients
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.recipients.items.map((r) => (
            <Table.Tr key={r.candidateId}>
              <Table.Td>
                <Anchor component={Link} to={`/candidate/${r.candidateId}`}>
                  {r.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.email}</Table.Td>
              <Table.Td>
                <RecipientStatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>{formatDateTime(r.sentAt)}</Table.Td>
              <Table.Td>{r.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Recipient pages" />}
    </Stack>
  );
}
