import { Alert, Button, Grid, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { JobValidation, ZCreateRequisitionRequest, type TCreateRequisitionRequest, type TRequisition, type TRequisitionOptions } from '@hireflow/contracts/jobs';
import { useRequisitionOptions } from '@/features/jobs/api/get-requisition-options';
import { useCreateRequisition } from '@/features/jobs/api/create-requisition';
import { useUpdateRequisition } from '@/features/jobs/api/update-requisition';
import { useVacancyApproval } from '@/features/jobs/api/get-vacancy-approval';
import { CustomFieldsSection, HiringTeamSection, PositionSection } from '@/features/jobs/components/position-fields';
import { emptyPosition, jobCodeLeft, positionErrors, positionFieldOrder, toPositionRequest, userRefOf, type PositionValues } from '@/features/jobs/utils/position-form';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError } from '@/lib/zod-form';
import { useSession } from '@/lib/session';

type Values = PositionValues & { justification: string; headcountJustification: string };

function toRequest(v: Values, submit: boolean): unknown {
  return { ...toPositionRequest(v), justification: v.justification, headcountJustification: v.headcountJustification, submit };
}

function validateWith(options: TRequisitionOptions) {
  return (v: Values): FormErrors => {
    const errors = positionErrors(ZCreateRequisitionRequest, toRequest(v, false), v, options);
    const chosen = jobCodeLeft(options, v.jobCodeId);
    if (chosen && Number(v.headcount) > chosen.left && !v.headcountJustification.trim()) {
      errors.headcountJustification = 'Explain why this exceeds the approved headcount';
    }
    return errors;
  };
}

/** The form's values from a saved requisition (a draft, or one returned by an approver). */
function valuesOf(r: TRequisition): Partial<Values> {
  return {
    title: r.title,
    jobCodeId: r.jobCode?.id ?? null,
    departmentId: r.department?.id ?? null,
    businessUnitId: r.businessUnit?.id ?? null,
    locationId: r.location?.id ?? null,
    headcount: r.headcount,
    employmentType: r.employmentType,
    salaryMin: r.salaryBand?.min ?? '',
    salaryMax: r.salaryBand?.max ?? '',
    currency: r.salaryBand?.currency ?? 'USD',
    targetStartDate: r.targetStartDate ?? '',
    justification: r.justification,
    headcountJustification: r.headcountJustification,
    hiringManager: r.team.hiringManager ? [r.team.hiringManager] : [],
    recruiters: r.team.recruiters,
    interviewers: r.team.interviewers,
    followers: r.team.followers,
    customFields: r.customFields as Values['customFields'],
  };
}

/** /create-requisition (HM only): ask for a position; submit starts the vacancy approval chain. `?edit={id}` changes a draft or a rejected one. */
export default function CreateRequisitionPage() {
  const options = useRequisitionOptions();
  const editId = useSearchParams()[0].get('edit');
  const existing = useVacancyApproval(editId ?? '');
  if (editId && (existing.isPending || existing.isError)) {
    return (
      <Stack>
        <Title order={1}>Change the requisition</Title>
        {existing.isError ? <Alert color="red">{errorMessage(existing.error)}</Alert> : <Loader role="progressbar" aria-label="Loading the requisition" />}
      </Stack>
    );
  }
  if (editId && existing.data && !existing.data.canEdit) {
    return (
      <Stack>
        <Title order={1}>Change the requisition</Title>
        <Alert color="yellow">This requisition can no longer be changed.</Alert>
      </Stack>
    );
  }
  if (options.isPending) {
    return (
      <Stack>
        <Title order={1}>Request a position</Title>
        <Loader role="progressbar" aria-label="Loading the form" />
      </Stack>
    );
  }
  if (options.isError) {
    return (
      <Stack>
        <Title order={1}>Request a position</Title>
        <Alert color="red">{errorMessage(options.error)}</Alert>
      </Stack>
    );
  }
  return <RequisitionForm options={options.data} existing={editId ? (existing.data ?? null) : null} />;
}

function RequisitionForm({ options, existing }: { options: TRequisitionOptions; existing: TRequisition | null }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      ...emptyPosition,
      justification: '',
      headcountJustification: '',
      hiringManager: user ? [userRefOf(user)] : [],
      ...(existing ? valuesOf(existing) : {}),
    },
    validate: validateWith(options),
  });
  const onSaved = (saved: TRequisition) => navigate(`/vacancy-approval/${saved.id}`);
  const createMutation = useCreateRequisition({ onSuccess: onSaved });
  const updateMutation = useUpdateRequisition(existing?.id ?? '', { onSuccess: onSaved });
  const create = existing ? updateMutation : createMutation;
  const chosen = jobCodeLeft(options, form.values.jobCodeId);
  const exceeds = chosen !== null && Number(form.values.headcount) > chosen.left;

  const save = (submit: boolean) =>
    form.onSubmit(
      (values) => {
        setSubmitting(submit);
        create.mutate(toRequest(values, submit) as TCreateRequisitionRequest);
      },
      focusFirstError(form, [...positionFieldOrder.slice(0, 4), 'headcountJustification', ...positionFieldOrder.slice(4), 'justification']),
    )();

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{existing ? 'Change the requisition' : 'Request a position'}</Title>
      <Text c="dimmed">Save a draft to finish later, or submit it: it goes to the first approver of your company&apos;s vacancy approval chain.</Text>
      {create.isError ? (
        <Alert color="red" title="The requisition was not saved">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save(true);
        }}
        noValidate
      >
        <Stack gap="md">
          <PositionSection
            form={form}
            options={options}
            afterHeadcount={
              exceeds ? (
                <Grid.Col span={12}>
                  <Textarea label="Why does this exceed the approved headcount?" withAsterisk autosize minRows={2} {...form.getInputProps('headcountJustification')} />
                </Grid.Col>
              ) : null
            }
          >
            <Grid.Col span={12}>
              <Textarea label="Justification" description="Why the team needs this position now" autosize minRows={3} maxLength={JobValidation.maxJustificationLength} {...form.getInputProps('justification')} />
            </Grid.Col>
          </PositionSection>
          <HiringTeamSection form={form} recruitersDescription="They own the job once it opens" />
          <CustomFieldsSection form={form} fields={options.customFields} />
          <Group justify="end">
            <Button variant="default" loading={create.isPending && !submitting} disabled={create.isPending} onClick={() => save(false)}>
              Save as draft
            </Button>
            <Button type="submit" loading={create.isPending && submitting} disabled={create.isPending}>
              Submit for approval
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
