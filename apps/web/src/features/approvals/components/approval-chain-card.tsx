import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TApprovalChainState } from '@hireflow/contracts/approvals';
import { ApprovalStepColors, ApprovalStepLabels } from './approval-texts';

/** The ordered approvers of the current round, each with where it stands. */
export function ApprovalChainCard({ chain }: { chain: TApprovalChainState }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Approval chain">
      <Title order={2} fz="h4" mb="sm">
        Approval chain{chain.round > 1 ? ` (round ${chain.round})` : ''}
      </Title>
      {chain.steps.length === 0 ? (
        <Text c="dimmed">Not submitted yet.</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {chain.steps.map((s) => (
            <Group key={s.order} justify="space-between" component="li" wrap="nowrap">
              <Text>
                {s.order}. {s.approver.name}
              </Text>
              <Badge color={ApprovalStepColors[s.state]} variant="outline">
                {ApprovalStepLabels[s.state]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
