import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CompanyLimits, CompanyMessages, CompanySizes, Industries, ZCompanyProfileInput, type TCompanyProfile, type TCompanyProfileInput } from '@hireflow/contracts/company';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { countryOptions } from '@/lib/countries';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useSaveCompanyProfile } from '../api/company-profile';

type Values = Required<Omit<TCompanyProfileInput, 'address'>> & { address: Required<TCompanyProfileInput['address']> };
const order = ['name', 'website', 'address.line1', 'address.line2', 'address.postalCode', 'address.city', 'address.region', 'address.country', 'industry', 'size', 'about'] as const;

const valuesOf = (p: TCompanyProfile): Values => ({ name: p.name, website: p.website, address: { ...p.address }, industry: p.industry, size: p.size, about: p.about });

/** The company's name, website, address, industry, size and about text. */
export function CompanyProfileForm({ profile }: { profile: TCompanyProfile }) {
  const form = useForm<Values>({ initialValues: valuesOf(profile), validate: zodValidate(ZCompanyProfileInput), validateInputOnBlur: true });
  const save = useSaveCompanyProfile({
    onSuccess: (saved) => {
      form.setInitialValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      notifications.show({ message: CompanyMessages.profileSaved, color: 'pastel-green' });
    },
  });
  const submit = (values: Values) =>
    save.mutate(ZCompanyProfileInput.parse(values), {
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, order);
        if (fieldErrors) {
          form.setErrors(fieldErrors);
          focusFirstError(form, order)(fieldErrors);
        }
      },
    });
  const formLevelError = save.isError && !serverFieldErrors(save.error, order) ? errorMessage(save.error) : null;
  const emptyAsNull = (path: 'industry' | 'size' | 'address.country') => {
    const props = form.getInputProps(path);
    return { ...props, value: (props.value as string) || null, onChange: (v: string | null) => form.setFieldValue(path, v ?? '') };
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-details-heading">
      <form onSubmit={form.onSubmit(submit, focusFirstError(form, order))} noValidate>
        <Stack>
          <Title order={2} size="h3" id="company-details-heading">
            Details
          </Title>
          <FormAlert message={formLevelError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" required {...form.getInputProps('name')} />
            <TextInput label="Website" type="url" placeholder="https://www.example.com" {...form.getInputProps('website')} />
          </SimpleGrid>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} mb="xs">
              Address
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Address line 1" {...form.getInputProps('address.line1')} />
              <TextInput label="Address line 2" {...form.getInputProps('address.line2')} />
              <TextInput label="Postal code" {...form.getInputProps('address.postalCode')} />
              <TextInput label="City" {...form.getInputProps('address.city')} />
              <TextInput label="Region or state" {...form.getInputProps('address.region')} />
              <Select label="Country" description="Decides the tax rate on invoices" searchable clearable data={countryOptions()} nothingFoundMessage="No such country" {...emptyAsNull('address.country')} />
            </SimpleGrid>
          </fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Industry" searchable clearable data={[...Industries]} {...emptyAsNull('industry')} />
            <Select label="Company size" clearable data={CompanySizes.map((s) => ({ value: s, label: `${s} employees` }))} {...emptyAsNull('size')} />
          </SimpleGrid>
          <Textarea
            label="About the company"
            description={`${form.values.about.length} of ${CompanyLimits.aboutMax} characters`}
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('about')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
