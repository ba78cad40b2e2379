import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TUserRef } from '@hireflow/contracts/jobs';
import { useSearchTeamMembers } from '../api/search-team-members';

/** Pick several users of the company by name or email; the order of picking is kept. */
export function TeamPicker({ label, value, onChange, max, description, error }: { label: string; value: TUserRef[]; onChange: (users: TUserRef[]) => void; max?: number; description?: string; error?: string }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useSearchTeamMembers(debounced);
  const found = (search.data?.users ?? []).map((u) => ({ id: u.id, name: u.fullName, email: u.email }));
  const known = new Map([...value, ...found].map((u) => [u.id, u]));
  return (
    <MultiSelect
      label={label}
      description={description}
      error={error}
      placeholder={value.length ? undefined : 'Type a name or email'}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      maxValues={max}
      data={[...known.values()].map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
      value={value.map((u) => u.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)!).filter(Boolean))}
      nothingFoundMessage={debounced.trim() ? (search.isFetching ? 'Searching…' : 'No active user found') : 'Start typing'}
    />
  );
}
