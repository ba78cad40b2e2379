import { Paper, Text, Timeline, Title } from '@mantine/core';
import type { TApprovalChainState } from '@hireflow/contracts/approvals';
import { ApprovalActionLabels } from './approval-texts';

/** Every submission, decision, skip, reassignment and withdrawal of every round, oldest first. */
export function ApprovalHistoryCard({ history }: { history: TApprovalChainState['history'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="History">
      <Title order={2} fz="h4" mb="sm">
        History
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">Nothing yet.</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {history.map((h, i) => (
            <Timeline.Item key={i} title={`${ApprovalActionLabels[h.action]}${h.by ? ` by ${h.by.name}` : ''}`}>
              {h.comment ? <Text fz="sm">“{h.comment}”</Text> : null}
              <Text fz="xs" c="dimmed">
                {new Date(h.at).toLocaleString()}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
