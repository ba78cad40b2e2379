import { Checkbox, Grid, NumberInput, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { EmploymentTypeLabels, EmploymentTypes, JobValidation, type TJobCustomField, type TRequisitionOptions } from '@hireflow/contracts/jobs';
import { jobCodeLeft, type PositionValues } from '../utils/position-form';
import { TeamPicker } from './team-picker';

/** Any form whose values include a position (the requisition form adds its justifications). */
export type PositionForm = UseFormReturnType<PositionValues>;

const named = (rows: { id: string; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));

/**
 * Title, employment type, job code, headcount, org placement, salary band and start date.
 * `afterHeadcount` and `children` add grid columns (the requisition's justifications).
 */
export function PositionSection({ form, options, afterHeadcount, children }: { form: PositionForm; options: TRequisitionOptions; afterHeadcount?: ReactNode; children?: ReactNode }) {
  const chosen = jobCodeLeft(options, form.values.jobCodeId);
  return (
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
            description={chosen ? `Approved headcount ${chosen.code.approvedHeadcount}, used ${chosen.code.usedHeadcount} (${Math.max(chosen.left, 0)} left)` : 'Workforce planning code (optional)'}
            {...form.getInputProps('jobCodeId')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NumberInput label="Headcount" withAsterisk min={1} max={JobValidation.maxHeadcount} allowDecimal={false} {...form.getInputProps('headcount')} />
        </Grid.Col>
        {afterHeadcount}
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
        {children}
      </Grid>
    </Paper>
  );
}

export function HiringTeamSection({ form, recruitersDescription }: { form: PositionForm; recruitersDescription: string }) {
  const error = (field: string) => form.errors[field] as string | undefined;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        Hiring team
      </Title>
      <Stack>
        <TeamPicker label="Hiring manager" max={1} value={form.values.hiringManager} onChange={(v) => form.setFieldValue('hiringManager', v)} error={error('hiringManager')} />
        <TeamPicker label="Recruiters" description={recruitersDescription} value={form.values.recruiters} onChange={(v) => form.setFieldValue('recruiters', v)} error={error('recruiters')} />
        <TeamPicker label="Interviewers" value={form.values.interviewers} onChange={(v) => form.setFieldValue('interviewers', v)} error={error('interviewers')} />
        <TeamPicker label="Followers" value={form.values.followers} onChange={(v) => form.setFieldValue('followers', v)} error={error('followers')} />
      </Stack>
    </Paper>
  );
}

/** The company's custom job fields; nothing when it has none. */
export function CustomFieldsSection({ form, fields }: { form: PositionForm; fields: TJobCustomField[] }) {
  if (!fields.length) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        More details
      </Title>
      <Grid>
        {fields.map((field) => (
          <Grid.Col key={field.key} span={{ base: 12, md: 6 }}>
            <CustomFieldInput field={field} form={form} />
          </Grid.Col>
        ))}
      </Grid>
    </Paper>
  );
}

function CustomFieldInput({ field, form }: { field: TJobCustomField; form: PositionForm }) {
  const path = `customFields.${field.key}`;
  const props = { label: field.label, withAsterisk: field.required, error: form.errors[path], 'data-path': path };
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
