import { Button, Group, MultiSelect, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ReferralLimits, ZReferralCampaignRequest, type TReferralAudience, type TReferralCampaign } from '@hireflow/contracts/referrals';
import type { TOrgKind } from '@hireflow/contracts/org';
import { FormAlert } from '@/components/form-alert';
import { useOrgOptions } from '@/features/org/api/get-org-options';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useCampaignAudienceCount } from '../api/count-campaign-audience';
import { useCreateReferralCampaign } from '../api/create-referral-campaign';
import { useReferableJobs } from '../api/get-referable-jobs';
import { employeesText } from './campaign-format';

type Values = { subject: string; message: string; jobIds: string[]; audience: TReferralAudience };

const initialValues: Values = {
  subject: '',
  message: '',
  jobIds: [],
  audience: { kind: 'everyone', departmentIds: [], locationIds: [], businessUnitIds: [] },
};
const fieldOrder = ['jobIds', 'audience.kind', 'subject', 'message'] as const;

/** Open jobs to promote: searched on the server, the ones already picked kept with their titles. */
function JobPicker({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: ReactNode }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const jobs = useReferableJobs({ search: debounced });
  const found = jobs.data?.items ?? [];
  const data = [
    ...value.map((id) => ({ value: id, label: titles[id] ?? id })),
    ...found.filter((j) => !value.includes(j.id)).map((j) => ({ value: j.id, label: j.title })),
  ];
  return (
    <MultiSelect
      label="Open jobs to promote"
      description={`Up to ${ReferralLimits.maxCampaignJobs}; each mail links to their referral pages.`}
      placeholder={value.length ? undefined : 'Search open jobs'}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={jobs.isPending ? 'Loading…' : 'No open job matches'}
      data={data}
      value={value}
      maxValues={ReferralLimits.maxCampaignJobs}
      onChange={(ids) => {
        setTitles((known) => ({ ...known, ...Object.fromEntries(found.filter((j) => ids.includes(j.id)).map((j) => [j.id, j.title])) }));
        onChange(ids);
      }}
      error={error}
      // Lets the form move focus here when no job is picked.
      data-path="jobIds"
    />
  );
}

function useChoices(kind: TOrgKind) {
  const q = useOrgOptions(kind);
  return (q.data?.options ?? []).map((o) => ({ value: o.id, label: o.name }));
}

function AudienceCount({ audience }: { audience: TReferralAudience }) {
  const [debounced] = useDebouncedValue(audience, 300);
  const count = useCampaignAudienceCount(debounced);
  const complete = audience.kind === 'everyone' || audience.departmentIds.length + audience.locationIds.length + audience.businessUnitIds.length > 0;
  let text: string;
  if (!complete) text = 'Pick at least one department, location or business unit.';
  else if (count.isError) text = `The number of recipients could not be counted: ${errorMessage(count.error)}`;
  else if (!count.data) text = 'Counting recipients…';
  else text = `This campaign reaches ${employeesText(count.data.recipients)}.`;
  return (
    <Text role="status" aria-live="polite" fw={500}>
      {text}
    </Text>
  );
}

/** A new campaign: which open jobs, who hears about them (with the live number of recipients), and the mail. */
export function CampaignForm({ onSent, onCancel }: { onSent: (campaign: TReferralCampaign) => void; onCancel: () => void }) {
  const create = useCreateReferralCampaign();
  const form = useForm<Values>({ initialValues, validate: zodValidate(ZReferralCampaignRequest) });
  const departments = useChoices('departments');
  const locations = useChoices('locations');
  const units = useChoices('business-units');
  const audience = form.values.audience;

  const submit = form.onSubmit(
    (values) => {
      const body = values.audience.kind === 'everyone' ? { ...values, audience: { ...initialValues.audience } } : values;
      create.mutate(body, { onSuccess: onSent });
    },
    focusFirstError(form, fieldOrder),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New campaign">
      <Stack gap="md">
        <FormAlert message={create.isError ? errorMessage(create.error) : null} />
        <JobPicker value={form.values.jobIds} onChange={(ids) => form.setFieldValue('jobIds', ids)} error={form.errors.jobIds} />
        <Radio.Group label="Who receives it" required {...form.getInputProps('audience.kind')}>
          <Group mt="xs">
            <Radio value="everyone" label="Everyone in the company" />
            <Radio value="filtered" label="Some departments, locations or business units" />
          </Group>
        </Radio.Group>
        {audience.kind === 'filtered' ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MultiSelect label="Departments" searchable data={departments} {...form.getInputProps('audience.departmentIds')} />
            <MultiSelect label="Locations" searchable data={locations} {...form.getInputProps('audience.locationIds')} />
            <MultiSelect label="Business units" searchable data={units} {...form.getInputProps('audience.businessUnitIds')} />
          </SimpleGrid>
        ) : null}
        <AudienceCount audience={audience} />
        <TextInput label="Subject" required maxLength={150} {...form.getInputProps('subject')} />
        <Textarea label="Message" required autosize minRows={5} maxLength={ReferralLimits.maxMessageLength} description="Each mail also lists the jobs, with links to their referral pages." {...form.getInputProps('message')} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Send campaign
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
