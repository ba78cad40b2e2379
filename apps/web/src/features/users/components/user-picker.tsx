import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TUserOption } from '@hireflow/contracts/users';
import { useSearchUsers } from '../api/search-users';

/** Type a name or email, pick an active user of the company (GET /api/searchusers/{text}). */
export function UserPicker({ label, onPick, exclude = [], disabled }: { label: string; onPick: (user: TUserOption) => void; exclude?: string[]; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useSearchUsers(debounced);
  const users = (search.data?.users ?? []).filter((u) => !exclude.includes(u.id));
  return (
    <Select
      label={label}
      placeholder="Type a name or email"
      searchable
      clearable
      disabled={disabled}
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      data={users.map((u) => ({ value: u.id, label: `${u.fullName} (${u.email})` }))}
      value={null}
      onChange={(id) => {
        const user = users.find((u) => u.id === id);
        if (user) {
          onPick(user);
          setText('');
        }
      }}
      nothingFoundMessage={debounced.trim() ? (search.isFetching ? 'Searching…' : search.isError ? 'Search failed' : 'No active user found') : 'Start typing'}
      w={360}
    />
  );
}
