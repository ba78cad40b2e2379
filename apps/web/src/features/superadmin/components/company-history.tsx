import { Paper, Text, Timeline } from '@mantine/core';
import { CompanyActionLabels, type TCompanyAuditEntry } from '@hireflow/contracts/superadmin';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Who authorised, suspended or reinstated the company, when and why: newest first. */
export function CompanyHistory({ history }: { history: TCompanyAuditEntry[] }) {
  if (history.length === 0) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed">Nothing has been done to this company yet.</Text>
      </Paper>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {history.map((entry) => (
        <Timeline.Item key={entry.id} title={`${CompanyActionLabels[entry.action]} by ${entry.actor.name}`}>
          <Text fz="sm" c="dimmed">
            {when(entry.at)} · {entry.actor.email}
          </Text>
          {entry.reason ? <Text fz="sm">Reason: {entry.reason}</Text> : <Text fz="sm" c="dimmed">No reason given</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
