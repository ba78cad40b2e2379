import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { ZCreateJobRequest, type TCreateJobRequest, type TJobDetail, type TRequisitionOptions } from '@hireflow/contracts/jobs';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError } from '@/lib/zod-form';
import { useSession } from '@/lib/session';
import { useCreateJob } from '../api/create-job';
import { useRequisitionOptions } from '../api/get-requisition-options';
import { emptyPosition, positionErrors, positionFieldOrder, toPositionRequest, type PositionValues } from '../utils/position-form';
import { DescriptionEditor } from './description-editor';
import { CustomFieldsSection, HiringTeamSection, PositionSection } from './position-fields';

type Values = PositionValues & { description: string; published: boolean };

function toRequest(v: Values): unknown {
  return { ...toPositionRequest(v), description: v.description, published: v.published };
}

/** "New job" on the jobs list: a recruiter or admin opens a job without a requisition (it starts as a draft). */
export function CreateJobModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (job: TJobDetail) => void }) {
  const options = useRequisitionOptions();
  return (
    <Modal opened={opened} onClose={onClose} title="New job" size="xl">
      {options.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the form" />
        </Group>
      ) : options.isError ? (
        <Alert color="red">{errorMessage(options.error)}</Alert>
      ) : (
        <CreateJobForm options={options.data} onCancel={onClose} onCreated={onCreated} />
      )}
    </Modal>
  );
}

function CreateJobForm({ options, onCancel, onCreated }: { options: TRequisitionOptions; onCancel: () => void; onCreated: (job: TJobDetail) => void }) {
  const { user } = useSession();
  const form = useForm<Values>({
    initialValues: { ...emptyPosition, description: '', published: false },
    validate: (v): FormErrors => positionErrors(ZCreateJobRequest, toRequest(v), v, options),
  });
  const create = useCreateJob({ onSuccess: onCreated });
  const submit = form.onSubmit((values) => {
    if (!create.isPending) create.mutate(toRequest(values) as TCreateJobRequest);
  }, focusFirstError(form, positionFieldOrder));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">The job starts as a draft: open it from its page when it is ready for applicants.</Text>
        <FormAlert message={create.isError ? errorMessage(create.error) : null} />
        <PositionSection form={form} options={options} />
        <DescriptionEditor value={form.values.description} onChange={(html) => form.setFieldValue('description', html)} error={form.errors.description as string | undefined} />
        <Switch label="List on the career site (while open)" {...form.getInputProps('published', { type: 'checkbox' })} />
        <HiringTeamSection form={form} recruitersDescription={user?.role === 'recruiter' ? 'They own the job; leave empty to own it yourself' : 'They own the job'} />
        <CustomFieldsSection form={form} fields={options.customFields} />
        <Group justify="end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            Create job
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
