import { Select } from '@mantine/core';
import type { TUserRef } from '@hireflow/contracts/common';
import { useUserTypeahead } from '@/features/users/components/user-typeahead';

/** Pick one active user of the company by name or email. */
export function UserPicker({ label, value, onChange, description, error }: { label: string; value: TUserRef | null; onChange: (user: TUserRef | null) => void; description?: string; error?: string }) {
  const { text, setText, users, nothingFound } = useUserTypeahead();
  const found = users.map((u) => ({ id: u.id, name: u.fullName, email: u.email }));
  const known = new Map([...(value ? [value] : []), ...found].map((u) => [u.id, u]));
  return (
    <Select
      label={label}
      description={description}
      error={error}
      placeholder="Type a name or email"
      searchable
      clearable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      data={[...known.values()].map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      nothingFoundMessage={nothingFound}
    />
  );
}
