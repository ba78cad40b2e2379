import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TNamedRef } from '@hireflow/contracts/common';
import { useCompanies } from '@/features/superadmin/api/get-companies';

/** Pick companies by name (the super admin's company search); the picked ones stay known while searching on. */
export function CompanyMultiSelect({ value, onChange, error }: { value: TNamedRef[]; onChange: (companies: TNamedRef[]) => void; error?: string }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const companies = useCompanies({ q, state: null, page: 1 });
  const found = (companies.data?.items ?? []).map((c) => ({ id: c.id, name: c.name }));
  const known = new Map([...value, ...found].map((c) => [c.id, c]));
  return (
    <MultiSelect
      label="Companies"
      description="Type to search companies by name"
      placeholder={value.length ? undefined : 'Search companies'}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      data={[...known.values()].map((c) => ({ value: c.id, label: c.name }))}
      value={value.map((c) => c.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((c): c is TNamedRef => Boolean(c)))}
      nothingFoundMessage={companies.isPending ? 'Searching…' : companies.isError ? 'Companies could not be loaded' : 'No company matches'}
      error={error}
    />
  );
}
