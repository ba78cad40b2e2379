import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZUpdateAgencyRequest, type TAgency } from '@hireflow/contracts/agencies';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAgencyOptions } from '../api/get-agency-options';
import { useUpdateAgency } from '../api/update-agency';
import { AgencyTermsFields, jobChoices, type AgencyTermsValues } from './agency-terms-fields';

type Values = AgencyTermsValues & { name: string; contactName: string };
const order = ['name', 'contactName', 'feePercent', 'guaranteeDays', 'jobIds', 'maxCandidatesPerJob'] as const;

/** Change an agency's terms and jobs (PUT /api/agencies/:id); loaded when asked for. */
export default function EditAgencyForm({ agency, onDone }: { agency: TAgency; onDone: (message: string | null) => void }) {
  const options = useAgencyOptions();
  const form = useForm<Values>({
    initialValues: {
      name: agency.name,
      contactName: agency.contactName,
      feePercent: agency.feePercent,
      guaranteeDays: agency.guaranteeDays,
      jobIds: agency.jobs.map((j) => j.id),
      maxCandidatesPerJob: agency.maxCandidatesPerJob,
      shareSalary: agency.shareSalary,
    },
    validate: zodValidate(ZUpdateAgencyRequest),
  });
  const update = useUpdateAgency(agency.id, { onSuccess: () => onDone(`${agency.name} was saved`) });
  const submit = form.onSubmit((values) => update.mutate(ZUpdateAgencyRequest.parse(values)), focusFirstError(form, order));
  return (
    <form onSubmit={submit} noValidate aria-label="Change the agency">
      <Stack>
        <FormAlert message={update.isError ? errorMessage(update.error) : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Agency name" required {...form.getInputProps('name')} />
          <TextInput label="Contact name" required {...form.getInputProps('contactName')} />
          <AgencyTermsFields form={form} jobs={jobChoices(options.data, agency.jobs)} jobsLoading={options.isPending} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
