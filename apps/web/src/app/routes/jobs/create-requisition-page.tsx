import { Alert, Button, Checkbox, Grid, Group, Loader, NumberInput, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  EmploymentTypeLabels,
  EmploymentTypes,
  JobValidation,
  ZCreateRequisitionRequest,
  type TCreateRequisitionRequest,
  type TJobCustomField,
  type TRequisition,
  type TRequisitionOptions,
  type TUserRef,
} from '@hireflow/contracts/jobs';
import { useRequisitionOptions } from '@/features/jobs/api/get-requisition-options';
import { useCreateRequisition } from '@/features/jobs/api/create-requisition';
import { useUpdateRequisition } from '@/features/jobs/api/update-requisition';
import { useVacancyApproval } from '@/features/jobs/api/get-vacancy-approval';
import { TeamPicker } from '@/features/jobs/components/team-picker';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

type Values = {
  title: string;
  jobCodeId: string | null;
  departmentId: string | null;
  businessUnitId: string | null;
  locationId: string | null;
  headcount: number | string;
  employmentType: string;
  salaryMin: number | string;
  salaryMax: number | string;
  currency: string;
  targetStartDate: string;
  justification: string;
  headcountJustification: string;
  hiringManager: TUserRef[];
  recruiters: TUserRef[];
  interviewers: TUserRef[];
  followers: TUserRef[];
  customFields: Record<string, string | number | boolean | null>;
};

const num = (v: number | string) => (v === '' ? undefined : Number(v));

function toRequest(v: Values, submit: boolean): unknown {
  const hasBand = v.salaryMin !== '' || v.salaryMax !== '';
  return {
    title: v.title,
    jobCodeId: v.jobCodeId,
    departmentId: v.departmentId ?? '',
    businessUnitId: v.businessUnitId,
    locationId: v.locationId ?? '',
    headcount: num(v.headcount),
    employmentType: v.employmentType,
    salaryBand: hasBand ? { min: num(v.salaryMin), max: num(v.salaryMax), currency: v.currency } : null,
    targetStartDate: v.targetStartDate || null,
    justification: v.justification,
    headcountJustification: v.headcountJustification,
    team: {
      hiringManagerId: v.hiringManager[0]?.id ?? null,
      recruiterIds: v.recruiters.map((u) => u.id),
      interviewerIds: v.interviewers.map((u) => u.id),
      followerIds: v.followers.map((u) => u.id),
    },
    customFields: Object.fromEntries(Object.entries(v.customFields).filter(([, value]) => value !== '' && value !== null)),
    submit,
  };
}

// Contract paths -> form fields, so each message sits under its input.
const fieldOf: Record<string, string> = {
  'salaryBand.min': 'salaryMin',
  'salaryBand.max': 'salaryMax',
  'salaryBand.currency': 'currency',
  'team.hiringManagerId': 'hiringManager',
  'team.recruiterIds': 'recruiters',
  'team.interviewerIds': 'interviewers',
  'team.followerIds': 'followers',
};
const sentence = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

function validateWith(options: TRequisitionOptions | undefined) {
  return (v: Values): FormErrors => {
    const errors: FormErrors = {};
    const result = ZCreateRequisitionRequest.safeParse(toRequest(v, false));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        const field = fieldOf[path] ?? (path.startsWith('team.') ? path.split('.')[1] : path);
        if (!(field in errors)) errors[field] = sentence(issue.message);
      }
    }
    for (const f of options?.customFields ?? []) {
      const value = v.customFields[f.key];
      if (f.required && (value === undefined || value === null || value === '')) errors[`customFields.${f.key}`] = `${f.label} is required`;
    }
    const code = options?.jobCodes.find((j) => j.id === v.jobCodeId);
    if (code && Number(v.headcount) > code.approvedHeadcount - code.usedHeadcount && !v.headcountJustification.trim()) {
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
        {existing.isError ? <Alert color="red">{errorMessage(existing.error)}</Alert> : <Loader aria-label="Loading the requisition" />}
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
        <Loader aria-label="Loading the form" />
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
  const me: TUserRef[] = user ? [{ id: user.id, name: user.fullName, email: user.email }] : [];
  const form = useForm<Values>({
    initialValues: {
      title: '',
      jobCodeId: null,
      departmentId: null,
      businessUnitId: null,
      locationId: null,
      headcount: 1,
      employmentType: 'full_time',
      salaryMin: '',
      salaryMax: '',
      currency: 'USD',
      targetStartDate: '',
      justification: '',
      headcountJustification: '',
      hiringManager: me,
      recruiters: [],
      interviewers: [],
      followers: [],
      customFields: {},
      ...(existing ? valuesOf(existing) : {}),
    },
    validate: validateWith(options),
  });
  const onSaved = (saved: TRequisition) => navigate(`/vacancy-approval/${saved.id}`);
  const createMutation = useCreateRequisition({ onSuccess: onSaved });
  const updateMutation = useUpdateRequisition(existing?.id ?? '', { onSuccess: onSaved });
  const create = existing ? updateMutation : createMutation;
  const code = options.jobCodes.find((j) => j.id === form.values.jobCodeId);
  const left = code ? code.approvedHeadcount - code.usedHeadcount : null;
  const exceeds = left !== null && Number(form.values.headcount) > left;
  const named = (rows: { id: string; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));

  const save = (submit: boolean) =>
    form.onSubmit((values) => {
      setSubmitting(submit);
      create.mutate(toRequest(values, submit) as TCreateRequisitionRequest);
    })();

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
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              Position
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TextInput label="Job title" withAsterisk maxLength={JobValidation.maxTitleLength} {...form.getInputProps('title')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select label="Employment type" data={EmploymentTypes.map((t) => ({ value: t, label: EmploymentTypeLabels[t] }))} allowDeselect={false} {...form.getInputProps('employmentType')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Job code"
                  clearable
                  searchable
                  data={options.jobCodes.map((j) => ({ value: j.id, label: `${j.code} · ${j.title}` }))}
                  description={code ? `Approved headcount ${code.approvedHeadcount}, used ${code.usedHeadcount} (${Math.max(left!, 0)} left)` : 'Workforce planning code (optional)'}
                  {...form.getInputProps('jobCodeId')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <NumberInput label="Headcount" withAsterisk min={1} max={JobValidation.maxHeadcount} allowDecimal={false} {...form.getInputProps('headcount')} />
              </Grid.Col>
              {exceeds ? (
                <Grid.Col span={12}>
                  <Textarea label="Why does this exceed the approved headcount?" withAsterisk autosize minRows={2} {...form.getInputProps('headcountJustification')} />
                </Grid.Col>
              ) : null}
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select label="Department" withAsterisk searchable data={named(options.departments)} {...form.getInputProps('departmentId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select label="Business unit" clearable searchable data={named(options.businessUnits)} {...form.getInputProps('businessUnitId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select label="Location" withAsterisk searchable data={named(options.locations)} {...form.getInputProps('locationId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput label="Salary from" min={0} thousandSeparator="," {...form.getInputProps('salaryMin')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <NumberInput label="Salary to" min={0} thousandSeparator="," {...form.getInputProps('salaryMax')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 2 }}>
                <TextInput label="Currency" maxLength={3} {...form.getInputProps('currency')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 4 }}>
                <TextInput label="Target start date" type="date" {...form.getInputProps('targetStartDate')} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea label="Justification" description="Why the team needs this position now" autosize minRows={3} maxLength={JobValidation.maxJustificationLength} {...form.getInputProps('justification')} />
              </Grid.Col>
            </Grid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              Hiring team
            </Title>
            <Stack>
              <TeamPicker label="Hiring manager" max={1} value={form.values.hiringManager} onChange={(v) => form.setFieldValue('hiringManager', v)} error={form.errors.hiringManager as string | undefined} />
              <TeamPicker label="Recruiters" description="They own the job once it opens" value={form.values.recruiters} onChange={(v) => form.setFieldValue('recruiters', v)} error={form.errors.recruiters as string | undefined} />
              <TeamPicker label="Interviewers" value={form.values.interviewers} onChange={(v) => form.setFieldValue('interviewers', v)} error={form.errors.interviewers as string | undefined} />
              <TeamPicker label="Followers" value={form.values.followers} onChange={(v) => form.setFieldValue('followers', v)} />
            </Stack>
          </Paper>
          {options.customFields.length ? (
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="h4" mb="sm">
                More details
              </Title>
              <Grid>
                {options.customFields.map((field) => (
                  <Grid.Col key={field.key} span={{ base: 12, md: 6 }}>
                    <CustomFieldInput field={field} form={form} />
                  </Grid.Col>
                ))}
              </Grid>
            </Paper>
          ) : null}
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

function CustomFieldInput({ field, form }: { field: TJobCustomField; form: UseFormReturnType<Values, Values, (values: Values) => FormErrors> }) {
  const path = `customFields.${field.key}`;
  const props = { label: field.label, withAsterisk: field.required, error: form.errors[path] };
  const value = form.values.customFields[field.key];
  const set = (v: string | number | boolean | null) => form.setFieldValue('customFields', { ...form.values.customFields, [field.key]: v });
  switch (field.type) {
    case 'dropdown':
      return <Select {...props} clearable data={field.options} value={(value as string) ?? null} onChange={set} />;
    case 'number':
      return <NumberInput {...props} value={(value as number) ?? ''} onChange={(v) => set(v === '' ? null : Number(v))} />;
    case 'yesno':
      return <Checkbox label={field.label} mt="lg" checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'date':
      return <TextInput {...props} type="date" value={(value as string) ?? ''} onChange={(e) => set(e.currentTarget.value)} />;
    default:
      return <TextInput {...props} value={(value as string) ?? ''} onChange={(e) => set(e.currentTarget.value)} />;
  }
}
