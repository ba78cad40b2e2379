import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import { useJobs } from '../api/get-jobs';

/** Picks one of the company's jobs by title (open ones by default), searching as the user types. */
export function JobPicker({
  value,
  onChange,
  label = 'Job',
  status = 'open',
  error,
  onPicked,
}: {
  value: string | null;
  onChange: (jobId: string | null) => void;
  /** The picked job's title, for messages about it. */
  onPicked?: (title: string) => void;
  label?: string;
  status?: TJobStatus;
  error?: string | null;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const jobs = useJobs({ scope: 'all', status, q, pageSize: 20 });
  const data = (jobs.data?.items ?? []).map((j) => ({ value: j.id, label: `${j.title}${j.location ? ` (${j.location.name})` : ''}` }));
  return (
    <Select
      label={label}
      placeholder="Search jobs by title"
      searchable
      clearable
      data={data}
      value={value}
      onChange={(id) => {
        onChange(id);
        const job = jobs.data?.items.find((j) => j.id === id);
        if (job) onPicked?.(job.title);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={jobs.isFetching ? 'Searching…' : 'No open jobs found'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
