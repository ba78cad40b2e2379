import { Alert, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@hireflow/contracts/offers';
import type { TReferralSettings } from '@hireflow/contracts/referral-rewards';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The rules as they stand, for someone who may read but not change them. */
export function ReferralSettingsSummary({ settings: s }: { settings: TReferralSettings }) {
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light">
        You can read these rules but not change them. Ask a company admin to change them.
      </Alert>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Referral rules">
        <Table withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={260} scope="row">Default reward</Table.Th>
              <Table.Td>{s.defaultReward ? formatMoney(s.defaultReward.amount, s.defaultReward.currency) : 'No reward'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Payable after</Table.Th>
              <Table.Td>{s.payableAfterDays} days after the start date</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Credit window</Table.Th>
              <Table.Td>{s.creditWindowDays} days</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Hiring team excluded</Table.Th>
              <Table.Td>{yesNo(s.excludeHiringTeam)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Recruiters excluded</Table.Th>
              <Table.Td>{yesNo(s.excludeRecruiters)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Known candidates rewarded</Table.Th>
              <Table.Td>{yesNo(s.rewardKnownCandidates)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Title order={2} fz="h5" mt="md" mb={4}>
          Rewards for departments and jobs
        </Title>
        {s.overrides.length === 0 ? (
          <Text size="sm">None: the default applies everywhere.</Text>
        ) : (
          <List>
            {s.overrides.map((o, i) => (
              <List.Item key={i}>
                {o.job ? `Job ${o.job.name}` : `Department ${o.department?.name ?? '(removed)'}`}: {formatMoney(o.reward.amount, o.reward.currency)}
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
