import { Paper, Text, Timeline } from '@mantine/core';
import { PlatformAuditActionLabels, type TPlatformAuditEntry } from '@hireflow/contracts/superadmin';

const when = (iso: string) => new Date(iso).toLocaleString();

/** What the platform did to the company (authorised, suspended, plan changed, its users...): who, when and why, newest first. */
export function CompanyHistory({ history }: { history: TPlatformAuditEntry[] }) {
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
        <Timeline.Item key={entry.id} title={`${PlatformAuditActionLabels[entry.action]} by ${entry.actor.name}`}>
          <Text fz="sm" c="dimmed">
            {when(entry.at)} · {entry.actor.email}
            {entry.target.kind !== 'company' && entry.target.label ? ` · ${entry.target.label}` : ''}
          </Text>
          {entry.detail ? <Text fz="sm">{entry.detail}</Text> : null}
          {entry.reason ? <Text fz="sm">Reason: {entry.reason}</Text> : <Text fz="sm" c="dimmed">No reason given</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
