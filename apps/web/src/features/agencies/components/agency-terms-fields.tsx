import { MultiSelect, NumberInput, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AgencyLimits, type TAgencyOptions } from '@hireflow/contracts/agencies';
import type { TNamedRef } from '@hireflow/contracts/common';

/** The terms both the invitation and a later change set. */
export type AgencyTermsValues = {
  feePercent: string;
  guaranteeDays: number | string;
  jobIds: string[];
  maxCandidatesPerJob: number | string;
  shareSalary: boolean;
};

/** The jobs to pick from: the open jobs, plus any the agency already has (so they still show by name). */
export function jobChoices(options: TAgencyOptions | undefined, current: TNamedRef[] = []) {
  const seen = new Set<string>();
  return [...(options?.jobs ?? []), ...current].filter((j) => (seen.has(j.id) ? false : (seen.add(j.id), true))).map((j) => ({ value: j.id, label: j.name }));
}

/** Fee, guarantee, jobs, candidates per job and salary sharing. */
export function AgencyTermsFields<V extends AgencyTermsValues>({ form, jobs, jobsLoading }: { form: UseFormReturnType<V>; jobs: { value: string; label: string }[]; jobsLoading: boolean }) {
  const f = form as unknown as UseFormReturnType<AgencyTermsValues>;
  return (
    <>
      <TextInput label="Fee (% of the base salary)" description="For example 15 or 17.5" required inputMode="decimal" {...f.getInputProps('feePercent')} />
      <NumberInput label="Guarantee (days)" description="If a hire leaves within this time, the agency replaces or refunds" required min={0} max={AgencyLimits.maxGuaranteeDays} allowDecimal={false} {...f.getInputProps('guaranteeDays')} />
      <MultiSelect
        label="Jobs"
        description={jobsLoading ? 'Loading the open jobs…' : 'The open jobs it may submit candidates to; you can add jobs later'}
        placeholder={jobs.length === 0 && !jobsLoading ? 'No open jobs' : 'Pick jobs'}
        data={jobs}
        searchable
        clearable
        nothingFoundMessage="No open job matches"
        {...f.getInputProps('jobIds')}
      />
      <NumberInput label="Candidates per job" description="The most it may submit to one job" required min={1} max={AgencyLimits.maxCandidatesPerJob} allowDecimal={false} {...f.getInputProps('maxCandidatesPerJob')} />
      <Switch label="Show the jobs' salary band to the agency" {...f.getInputProps('shareSalary', { type: 'checkbox' })} />
    </>
  );
}
