import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { UserRoleFilters, UserStatusFilters, type TUserListFiltersInput } from '@hireflow/contracts/users';
import type { OrgChoices } from './org-choices';

type Props = { value: TUserListFiltersInput; onChange: (next: TUserListFiltersInput) => void; org: OrgChoices; roleFilters?: readonly string[] };

/** Search (debounced; trimmed and encoded when sent), role, status, business unit, department, location. */
export function UserFilters({ value, onChange, org, roleFilters = UserRoleFilters }: Props) {
  const [search, setSearch] = useState<string>(typeof value.search === 'string' ? value.search : '');
  const [debounced] = useDebouncedValue(search, 300);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const { value: current, onChange: change } = latest.current;
    if ((current.search ?? '') !== debounced) change({ ...current, search: debounced });
  }, [debounced]);

  const orgSelect = (key: 'businessUnit' | 'department' | 'location', label: string, data: OrgChoices[keyof OrgChoices]) => (
    <Select
      label={label}
      placeholder="Any"
      clearable
      searchable
      w={180}
      data={data}
      value={value[key] ?? null}
      onChange={(id) => onChange({ ...value, [key]: id })}
      nothingFoundMessage="Nothing found"
    />
  );

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput label="Search users" placeholder="Name, email or employee code" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} />
      <Select
        label="Role"
        data={[...roleFilters]}
        value={value.role ?? UserRoleFilters[0]}
        onChange={(role) => onChange({ ...value, role: (role ?? UserRoleFilters[0]) as TUserListFiltersInput['role'] })}
        allowDeselect={false}
        w={190}
      />
      <Select
        label="Status"
        data={[...UserStatusFilters]}
        value={value.status ?? UserStatusFilters[0]}
        onChange={(status) => onChange({ ...value, status: (status ?? UserStatusFilters[0]) as TUserListFiltersInput['status'] })}
        allowDeselect={false}
        w={150}
      />
      {orgSelect('businessUnit', 'Business unit', org.businessUnits)}
      {orgSelect('department', 'Department', org.departments)}
      {orgSelect('location', 'Location', org.locations)}
    </Group>
  );
}
