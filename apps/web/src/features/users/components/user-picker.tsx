import { MultiSelect, Select } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { TUserOption } from '@hireflow/contracts/users';
import { useUserTypeahead } from './user-typeahead';

type UserRef = Pick<TUserOption, 'id' | 'fullName' | 'email'>;


// A name known without its email (e.g. an interview plan's interviewers) shows the name alone.
const optionOf = (u: UserRef) => ({ value: u.id, label: u.email ? `${u.fullName} (${u.email})` : u.fullName });

/** Type a name or email, pick an active user of the company (GET /api/searchusers/{text}). */
export function UserPicker({ label, onPick, exclude = [], disabled }: { label: string; onPick: (user: TUserOption) => void; exclude?: string[]; disabled?: boolean }) {
  const { text, setText, users: found, nothingFound } = useUserTypeahead();
  const users = found.filter((u) => !exclude.includes(u.id));
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
      data={users.map(optionOf)}
      value={null}
      onChange={(id) => {
        const user = users.find((u) => u.id === id);
        if (user) {
          onPick(user);
          setText('');
        }
      }}
      nothingFoundMessage={nothingFound}
      w={360}
    />
  );
}

/**
 * Several users of the company by name or email (ids in, ids out). `named` gives the names of ids
 * chosen before (e.g. a user's current managers), since a search may not return them.
 */
export function UsersPicker({
  label,
  value,
  onChange,
  named = [],
  exclude = [],
  max,
  error,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  named?: UserRef[];
  exclude?: string[];
  max?: number;
  error?: ReactNode;
}) {
  const { text, setText, users: found, nothingFound } = useUserTypeahead();
  const [picked, setPicked] = useState<UserRef[]>([]);
  const known = new Map([...named, ...picked, ...found].map((u) => [u.id, u]));
  const data = [...known.values()].filter((u) => value.includes(u.id) || !exclude.includes(u.id)).map(optionOf);
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : 'Type a name or email'}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      maxValues={max}
      data={data}
      value={value}
      onChange={(ids) => {
        setPicked(ids.flatMap((id) => known.get(id) ?? []));
        onChange(ids);
      }}
      error={error}
      nothingFoundMessage={nothingFound}
    />
  );
}
