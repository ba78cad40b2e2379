import { Group, Paper, Select, TextInput } from '@mantine/core';
import { AuditActionLabels, AuditActions } from '@hireflow/contracts/privacy';
import { useAuditUsers } from '../api/audit';

export type AuditFilterValues = { user: string | null; action: string | null; from: string | null; to: string | null };

const actionOptions = AuditActions.map((value) => ({ value, label: AuditActionLabels[value] }));

/** The trail's filters: the person search box, the user, the action and the days (each change goes back to page 1). */
export function AuditFilters({
  search,
  onSearch,
  values,
  onChange,
}: {
  search: string;
  onSearch: (text: string) => void;
  values: AuditFilterValues;
  onChange: (changes: Partial<AuditFilterValues>) => void;
}) {
  const users = useAuditUsers();
  const userOptions = (users.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="end" gap="sm">
        <TextInput label="Person" description="Part of the candidate's name or email" value={search} onChange={(e) => onSearch(e.currentTarget.value)} maxLength={200} w={260} />
        <Select
          label="User"
          description="Who acted"
          placeholder={users.isError ? 'Users could not be loaded' : 'Any user'}
          searchable
          clearable
          data={userOptions}
          value={values.user}
          onChange={(user) => onChange({ user })}
          nothingFoundMessage={users.isPending ? 'Loading…' : 'No user found'}
          w={260}
        />
        <Select label="Action" placeholder="Any action" clearable data={actionOptions} value={values.action} onChange={(action) => onChange({ action })} w={220} />
        <TextInput type="date" label="From" description="First day (UTC)" value={values.from ?? ''} max={values.to ?? undefined} onChange={(e) => onChange({ from: e.currentTarget.value || null })} w={170} />
        <TextInput type="date" label="To" description="Last day (UTC)" value={values.to ?? ''} min={values.from ?? undefined} onChange={(e) => onChange({ to: e.currentTarget.value || null })} w={170} />
      </Group>
    </Paper>
  );
}
