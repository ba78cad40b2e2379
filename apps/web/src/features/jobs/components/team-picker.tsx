import { MultiSelect } from '@mantine/core';
import type { TUserRef } from '@hireflow/contracts/common';
import { useUserTypeahead } from '@/features/users/components/user-typeahead';

/** Pick several users of the company by name or email; the order of picking is kept. */
export function TeamPicker({ label, value, onChange, max, description, error }: { label: string; value: TUserRef[]; onChange: (users: TUserRef[]) => void; max?: number; description?: string; error?: string }) {
  const { text, setText, users, nothingFound } = useUserTypeahead();
  const found = users.map((u) => ({ id: u.id, name: u.fullName, email: u.email }));
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
      data={[...known.values()].map((u) => ({ value: u.id, label: u.email ? `${u.name} (${u.email})` : u.name }))}
      value={value.map((u) => u.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)!).filter(Boolean))}
      nothingFoundMessage={nothingFound}
    />
  );
}
