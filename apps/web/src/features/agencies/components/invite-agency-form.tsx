import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZAgencyInput, type TAgency } from '@hireflow/contracts/agencies';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAgencyOptions } from '../api/get-agency-options';
import { useInviteAgency } from '../api/invite-agency';
import { AgencyTermsFields, jobChoices, type AgencyTermsValues } from './agency-terms-fields';

type Values = AgencyTermsValues & { name: string; contactName: string; contactEmail: string; businessUnitId: string | null };

const order = ['name', 'contactName', 'contactEmail', 'feePercent', 'guaranteeDays', 'jobIds', 'maxCandidatesPerJob', 'businessUnitId'] as const;

const initialValues: Values = { name: '', contactName: '', contactEmail: '', feePercent: '', guaranteeDays: 90, jobIds: [], maxCandidatesPerJob: 5, shareSalary: false, businessUnitId: null };

/** The invitation's fields (loaded when the modal opens, so the form and its pickers stay out of the page's first download). */
export default function InviteAgencyForm({ onCancel, onSent }: { onCancel: () => void; onSent: (agency: TAgency) => void }) {
  const options = useAgencyOptions();
  const form = useForm<Values>({ initialValues, validate: zodValidate(ZAgencyInput) });
  const invite = useInviteAgency({ onSuccess: onSent });
  const submit = form.onSubmit((values) => invite.mutate(ZAgencyInput.parse(values)), focusFirstError(form, order));
  const businessUnits = (options.data?.businessUnits ?? []).map((b) => ({ value: b.id, label: b.name }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">The invitation is approved like an offer. Once approved, the contact gets a link to sign in, see the jobs you give the agency and submit candidates.</Text>
        <FormAlert message={invite.isError ? errorMessage(invite.error) : null} />
        <FormAlert message={options.isError ? `The open jobs could not be loaded: ${errorMessage(options.error)}` : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Agency name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Contact name" required {...form.getInputProps('contactName')} />
          <TextInput label="Contact email" type="email" required {...form.getInputProps('contactEmail')} />
          <AgencyTermsFields form={form} jobs={jobChoices(options.data)} jobsLoading={options.isPending} />
          <Select
            label="Business unit"
            description="Whose approval chain decides (none: the company's)"
            placeholder="Company default"
            clearable
            data={businessUnits}
            {...form.getInputProps('businessUnitId')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send for approval
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
