import { Alert, Box, Group, Loader, Pagination, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useReferralCampaigns } from '../api/get-referral-campaigns';
import { referralDay } from '../referral-format';
import { CampaignStatusBadge } from './campaign-status-badge';
import { audienceText } from './campaign-format';

/** The campaigns sent so far, newest first; one still queued or sending is followed until it is done. */
export function CampaignList() {
  const [page, setPage] = useState(1);
  const list = useReferralCampaigns(page);
  if (list.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader role="progressbar" aria-label="Loading campaigns" />
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" title="The campaigns could not be loaded">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">No campaigns yet. Start one with "New campaign": pick open jobs and who should hear about them; each mail links to the jobs' referral pages.</Text>
      </Paper>
    );
  }
  const pages = Math.ceil(list.data.total / list.data.pageSize);
  return (
    <>
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Campaign list">
        <Table striped aria-label="Campaigns" miw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Jobs</Table.Th>
              <Table.Th>Audience</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Referrals</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td fw={500}>{c.subject}</Table.Td>
                <Table.Td>{c.jobs.map((j) => j.name).join(', ')}</Table.Td>
                <Table.Td>{audienceText(c.audience)}</Table.Td>
                <Table.Td>
                  <CampaignStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {c.sent} of {c.recipients}
                </Table.Td>
                <Table.Td>{c.referrals}</Table.Td>
                <Table.Td>
                  {c.createdBy.name}
                  <Text fz="sm" c="dimmed">
                    {referralDay(c.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {pages > 1 ? (
        <nav aria-label="Pages of campaigns">
          <Pagination total={pages} value={page} onChange={setPage} />
        </nav>
      ) : null}
    </>
  );
}
