import { Badge, Button, CloseButton, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Fragment, Suspense, lazy, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { ApplicationSourceLabels, ApplicationSources } from '@hireflow/contracts/candidates';
import { ZCandidateSearchQuery } from '@hireflow/contracts/candidates-search';
import type { TOrgKind } from '@hireflow/contracts/org';
import { DatePresetLabels, DatePresets, ReportCatalog, type TAnyReportName, type TDatePreset } from '@hireflow/contracts/reports';
import { useOrgOptions } from '@/features/org/api/get-org-options';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { useUserTypeahead } from '@/features/users/components/user-typeahead';
import { searchCandidatesQueryOptions } from '@/features/candidates/search/api/search-candidates';
import { loadChunk } from '@/app/routes/lazy-page';
import { formatValue } from '../format';
import { hasUserFilters, presetOf, type ReportQueryParams } from '../report-query';

const LazyDateInput = lazy(() => loadChunk(() => import('./report-date-input')));

/** The date picker loads when a report shows a date (a custom range, the pipeline's past day). */
function DateField(props: ComponentProps<typeof LazyDateInput> & { label: string }) {
  return (
    <Suspense fallback={<TextInput label={props.label} description={props.description} placeholder="Loading…" disabled />}>
      <LazyDateInput {...props} />
    </Suspense>
  );
}

export type FilterPatch = Partial<Record<keyof ReportQueryParams, string | null>>;
/** Names of the chosen people and things, as the last answer said them (so a shared link shows names, not ids). */
export type KnownLabels = Partial<Record<string, string>>;

const FilterLabels: Record<string, string> = {
  preset: 'Date range',
  businessUnitId: 'Business unit',
  departmentId: 'Department',
  locationId: 'Location',
  jobId: 'Job',
  recruiterId: 'Recruiter',
  source: 'Source',
  asOf: 'On',
  candidateId: 'Candidate',
};

// Pickers that read a company's own lists: a super admin has no company, so the platform page leaves them out.
const CompanyPickers = new Set(['businessUnitId', 'departmentId', 'locationId', 'jobId', 'recruiterId', 'candidateId']);

/** The filters a report takes, each a labelled input that writes the URL, and the applied ones as removable chips. */
export function ReportFilters({
  name,
  query,
  update,
  known,
  platform,
}: {
  name: TAnyReportName;
  query: ReportQueryParams;
  update: (patch: FilterPatch) => void;
  known: KnownLabels;
  platform: boolean;
}) {
  const entry = ReportCatalog[name];
  const takes = (key: string) => (entry.filters as readonly string[]).includes(key) && !(platform && CompanyPickers.has(key));
  const [labels, setLabels] = useState<KnownLabels>({});
  const remember = (key: string, label: string | undefined) => label && setLabels((l) => ({ ...l, [key]: label }));
  const labelOf = (key: string) => labels[key] ?? known[key];
  const preset = presetOf(query);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  // The dates come first; the pickers (business unit to candidate) narrow the report further.
  const dates: ReactNode[] = [];
  if (entry.dateRange) {
    dates.push(
      <Select
        key="preset"
        label="Date range"
        data={DatePresets.map((p) => ({ value: p, label: DatePresetLabels[p] }))}
        value={preset}
        allowDeselect={false}
        onChange={(v) => update(v === 'custom' ? { preset: v } : { preset: v, from: null, to: null })}
      />,
    );
    if (preset === 'custom') {
      dates.push(
        <DateField key="from" label="From" placeholder="e.g. 1 Jan 2026" value={query.from ?? null} maxDate={query.to} onChange={(v) => update({ from: v || null })} />,
        <DateField key="to" label="To" placeholder="e.g. 31 Mar 2026" value={query.to ?? null} minDate={query.from} onChange={(v) => update({ to: v || null })} />,
      );
    }
  }
  if (takes('asOf')) {
    dates.push(<DateField key="asOf" label="On" description="The pipeline as it was at the end of this day" placeholder="Today" value={query.asOf ?? null} onChange={(v) => update({ asOf: v || null })} />);
  }
  const pickers: [key: keyof ReportQueryParams, field: ReactNode][] = [
    ['businessUnitId', <OrgSelect kind="business-units" label="Business unit" value={query.businessUnitId} onChange={(v, l) => (remember('businessUnitId', l), update({ businessUnitId: v }))} />],
    ['departmentId', <OrgSelect kind="departments" label="Department" value={query.departmentId} onChange={(v, l) => (remember('departmentId', l), update({ departmentId: v }))} />],
    ['locationId', <OrgSelect kind="locations" label="Location" value={query.locationId} onChange={(v, l) => (remember('locationId', l), update({ locationId: v }))} />],
    ['jobId', <JobSelect value={query.jobId} selectedLabel={labelOf('jobId')} onChange={(v, l) => (remember('jobId', l), update({ jobId: v }))} />],
    ['recruiterId', <RecruiterSelect value={query.recruiterId} selectedLabel={labelOf('recruiterId')} onChange={(v, l) => (remember('recruiterId', l), update({ recruiterId: v }))} />],
    [
      'source',
      <Select label="Source" placeholder="Any source" clearable data={ApplicationSources.map((s) => ({ value: s, label: ApplicationSourceLabels[s] }))} value={query.source ?? null} onChange={(v) => update({ source: v })} />,
    ],
    ['candidateId', <CandidateSelect value={query.candidateId} selectedLabel={labelOf('candidateId')} onChange={(v, l) => (remember('candidateId', l), update({ candidateId: v }))} />],
  ];
  const taken = pickers.filter(([key]) => takes(key)).map(([key, field]) => <Fragment key={key}>{field}</Fragment>);
  const chosen = pickers.filter(([key]) => takes(key) && query[key]).length;

  return (
    <section aria-label="Filters">
      {phone ? (
        <PhoneFilters dates={dates} pickers={taken} chosen={chosen} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          {dates}
          {taken}
        </SimpleGrid>
      )}
      <AppliedChips query={query} update={update} labelOf={labelOf} />
    </section>
  );
}

/**
 * On a phone the pickers fold away behind one button (the applied ones still show as chips), so the
 * report's figures are on the first screen and not below seven inputs.
 */
function PhoneFilters({ dates, pickers, chosen }: { dates: ReactNode[]; pickers: ReactNode[]; chosen: number }) {
  const [open, setOpen] = useState(false);
  const pickersId = useId();
  return (
    <Stack gap="sm">
      {dates}
      {pickers.length ? (
        <>
          <Button variant="default" aria-expanded={open} aria-controls={pickersId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide more filters' : `More filters${chosen ? ` (${chosen} applied)` : ''}`}
          </Button>
          <Collapse expanded={open}>
            <Stack id={pickersId} gap="sm">
              {pickers}
            </Stack>
          </Collapse>
        </>
      ) : null}
    </Stack>
  );
}

function AppliedChips({ query, update, labelOf }: { query: ReportQueryParams; update: (patch: FilterPatch) => void; labelOf: (key: string) => string | undefined }) {
  const chips: { key: string; text: string; clear: FilterPatch }[] = [];
  if (query.preset) {
    const text = query.preset === 'custom' ? `${formatValue('date', query.from ?? null)} to ${formatValue('date', query.to ?? null)}` : DatePresetLabels[query.preset as TDatePreset];
    chips.push({ key: 'preset', text: `Date range: ${text}`, clear: { preset: null, from: null, to: null } });
  }
  for (const key of Object.keys(FilterLabels)) {
    if (key === 'preset') continue;
    const value = query[key as keyof ReportQueryParams];
    if (!value) continue;
    const shown = key === 'source' ? (ApplicationSourceLabels[value as keyof typeof ApplicationSourceLabels] ?? value) : key === 'asOf' ? formatValue('date', value) : (labelOf(key) ?? value);
    chips.push({ key, text: `${FilterLabels[key]}: ${shown}`, clear: { [key]: null } });
  }
  if (!hasUserFilters(query)) return null;
  return (
    <Group gap="xs" mt="sm" wrap="wrap" aria-label="Applied filters" role="group">
      {chips.map((c) => (
        <Badge
          key={c.key}
          size="lg"
          variant="light"
          tt="none"
          fw={500}
          rightSection={<CloseButton size="xs" variant="transparent" aria-label={`Remove ${c.text}`} onClick={() => update(c.clear)} />}
        >
          {c.text}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={() => update(Object.fromEntries([...Object.keys(FilterLabels), 'from', 'to'].map((k) => [k, null])) as FilterPatch)}>
        Reset filters
      </Button>
    </Group>
  );
}

type PickerProps = { value: string | undefined; onChange: (value: string | null, label?: string) => void };

function OrgSelect({ kind, label, value, onChange }: PickerProps & { kind: TOrgKind; label: string }) {
  const options = useOrgOptions(kind);
  const data = (options.data?.options ?? []).map((o) => ({ value: o.id, label: o.name }));
  return (
    <Select
      label={label}
      placeholder={options.isError ? 'Could not load the list' : `Any ${label.toLowerCase()}`}
      searchable
      clearable
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v, data.find((d) => d.value === v)?.label)}
      nothingFoundMessage={options.isPending ? 'Loading…' : 'Nothing found'}
    />
  );
}

/** Keeps the chosen item in the list even when the current search does not return it (a shared link). */
/** A select whose options the server searches as one types (jobs, people, candidates): no filtering here. */
function SearchSelect({ label, placeholder, data, value, onChange, search, onSearch, nothingFound }: PickerProps & { label: string; placeholder: string; data: { value: string; label: string }[]; search: string; onSearch: (text: string) => void; nothingFound: string }) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v, data.find((d) => d.value === v)?.label)}
      searchValue={search}
      onSearchChange={onSearch}
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
    />
  );
}

function withSelected(data: { value: string; label: string }[], value: string | undefined, label: string | undefined) {
  return value && !data.some((d) => d.value === value) ? [{ value, label: label ?? value }, ...data] : data;
}

function JobSelect({ value, selectedLabel, onChange }: PickerProps & { selectedLabel?: string }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  // Every job, whatever its status: a report looks back at closed and filled jobs too.
  const jobs = useJobs({ scope: 'all', q, pageSize: 20 });
  const found = (jobs.data?.items ?? []).map((j) => ({ value: j.id, label: `${j.title}${j.location ? ` (${j.location.name})` : ''}` }));
  const data = withSelected(found, value, selectedLabel);
  return (
    <SearchSelect label="Job" placeholder="Any job" data={data} value={value} onChange={onChange} search={search} onSearch={setSearch} nothingFound={jobs.isFetching ? 'Searching…' : 'No job found'} />
  );
}

function RecruiterSelect({ value, selectedLabel, onChange }: PickerProps & { selectedLabel?: string }) {
  const { text, setText, users, nothingFound } = useUserTypeahead();
  const data = withSelected(
    users.map((u) => ({ value: u.id, label: u.fullName })),
    value,
    selectedLabel,
  );
  return (
    <SearchSelect label="Recruiter" placeholder="Any recruiter" data={data} value={value} onChange={onChange} search={text} onSearch={setText} nothingFound={nothingFound} />
  );
}

function CandidateSelect({ value, selectedLabel, onChange }: PickerProps & { selectedLabel?: string }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const state = useMemo(() => ZCandidateSearchQuery.parse({ q }), [q]);
  const candidates = useQuery({ ...searchCandidatesQueryOptions(state), enabled: q.length > 0 });
  const found = q ? (candidates.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName} (${c.email})` })) : [];
  const data = withSelected(found, value, selectedLabel);
  return (
    <SearchSelect label="Candidate" placeholder="Search by name or email" data={data} value={value} onChange={onChange} search={search} onSearch={setSearch} nothingFound={!q ? 'Start typing' : candidates.isFetching ? 'Searching…' : 'No candidate found'} />
  );
}
