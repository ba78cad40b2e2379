import { Checkbox, Grid, NumberInput, Select, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TOfferOptions } from '@hireflow/contracts/offers';
import type { CustomValue, OfferFormValues } from './offer-form-values';

type Field = TOfferOptions['customFields'][number];

/** The company's custom fields of entity "offer", each by its type (as the job and requisition forms render theirs). */
export function OfferCustomFields({ form, fields }: { form: UseFormReturnType<OfferFormValues>; fields: Field[] }) {
  if (!fields.length) return null;
  return (
    <>
      <Title order={3} fz="md">
        More details
      </Title>
      <Grid>
        {fields.map((field) => (
          <Grid.Col key={field.key} span={{ base: 12, sm: 6 }}>
            <CustomFieldInput form={form} field={field} />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}

function CustomFieldInput({ form, field }: { form: UseFormReturnType<OfferFormValues>; field: Field }) {
  const path = `customFields.${field.key}`;
  const props = { label: field.label, withAsterisk: field.required, error: form.errors[path] };
  const value = form.values.customFields[field.key] ?? null;
  const set = (v: CustomValue) => form.setFieldValue('customFields', { ...form.values.customFields, [field.key]: v });
  switch (field.type) {
    case 'dropdown':
      return <Select {...props} clearable data={field.options} value={typeof value === 'string' ? value : null} onChange={set} />;
    case 'number':
      return <NumberInput {...props} value={typeof value === 'number' ? value : ''} onChange={(v) => set(v === '' ? null : Number(v))} />;
    case 'yesno':
      return <Checkbox label={field.label} mt="lg" checked={value === true} error={form.errors[path]} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'date':
      return <TextInput {...props} type="date" value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.currentTarget.value || null)} />;
    default:
      return <TextInput {...props} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.currentTarget.value)} />;
  }
}
