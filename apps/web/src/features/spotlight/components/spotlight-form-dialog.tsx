import '@mantine/dates/styles.layer.css';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { SpotlightLimits, SpotlightRoleLabels, SpotlightRoles, type TSpotlightAnnouncement, type TSpotlightChangeResponse, type TSpotlightRole } from '@hireflow/contracts/spotlight';
import { RichTextField } from '@/features/mail/components/rich-text-field';
import { errorMessage } from '@/lib/api-client';
import { useCreateSpotlight } from '../api/create-spotlight';
import { useUpdateSpotlight } from '../api/update-spotlight';
import { CompanyMultiSelect } from './company-multi-select';
import { SpotlightBody } from './spotlight-body';
import { initialSpotlightValues, spotlightChange, spotlightRequest, validateSpotlightValues, type SpotlightFormValues } from './spotlight-form-values';

/** How the announcement will look on a dashboard, as it is being written. */
function Preview({ values }: { values: SpotlightFormValues }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preview" bg="var(--mantine-primary-color-light)">
      <Text fz="xs" c="dimmed" mb={4}>
        Preview
      </Text>
      <Title order={3} fz="lg">
        {values.title.trim() || 'Title'}
      </Title>
      <SpotlightBody html={values.body} />
      {values.linkUrl.trim() ? <Anchor fw={500}>{values.linkLabel.trim() || values.linkUrl.trim()}</Anchor> : null}
    </Paper>
  );
}

type Props = { announcement: TSpotlightAnnouncement | null; onClose: () => void; onSaved: (answer: TSpotlightChangeResponse) => void };

/** Write or change an announcement: text, link, who sees it and when, with a live preview. Loaded when opened. */
export default function SpotlightFormDialog({ announcement, onClose, onSaved }: Props) {
  const initial = useMemo(() => initialSpotlightValues(announcement), [announcement]);
  const form = useForm<SpotlightFormValues>({ initialValues: initial, validate: validateSpotlightValues });
  const create = useCreateSpotlight({ onSuccess: onSaved });
  const update = useUpdateSpotlight({ onSuccess: onSaved });
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const submit = form.onSubmit((values) => {
    if (announcement) update.mutate({ id: announcement.id, input: spotlightChange(values, initial) });
    else create.mutate(spotlightRequest(values));
  });
  const title = announcement ? `Edit “${announcement.title}”` : 'New announcement';
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk maxLength={SpotlightLimits.maxTitleLength} {...form.getInputProps('title')} />
          <RichTextField label="Text" description="What users read on their dashboard" value={form.values.body} onChange={(html) => form.setFieldValue('body', html)} error={form.errors.body as string | undefined} minHeight={120} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Link (optional)" placeholder="https://" maxLength={SpotlightLimits.maxLinkUrlLength} {...form.getInputProps('linkUrl')} />
            <TextInput label="Link text" placeholder="e.g. Read more" maxLength={SpotlightLimits.maxLinkLabelLength} {...form.getInputProps('linkLabel')} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text fw={500} fz="sm" id="spotlight-companies">
              Shown to
            </Text>
            <SegmentedControl
              aria-labelledby="spotlight-companies"
              data={[
                { value: 'all', label: 'All companies' },
                { value: 'some', label: 'Chosen companies' },
              ]}
              value={form.values.allCompanies ? 'all' : 'some'}
              onChange={(v) => form.setFieldValue('allCompanies', v === 'all')}
            />
            {form.values.allCompanies ? null : <CompanyMultiSelect value={form.values.companies} onChange={(c) => form.setFieldValue('companies', c)} error={form.errors.companies as string | undefined} />}
          </Stack>
          <Checkbox.Group label="Roles" withAsterisk value={form.values.roles} onChange={(v) => form.setFieldValue('roles', v as TSpotlightRole[])} error={form.errors.roles}>
            <Group mt={4}>
              {SpotlightRoles.map((r) => (
                <Checkbox key={r} value={r} label={SpotlightRoleLabels[r]} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateInput label="First day" withAsterisk valueFormat="D MMM YYYY" description="Shown from the start of this day" {...form.getInputProps('from')} />
            <DateInput label="Last day" withAsterisk valueFormat="D MMM YYYY" description="Shown until the end of this day" minDate={form.values.from ?? undefined} {...form.getInputProps('to')} />
          </SimpleGrid>
          <Preview values={form.values} />
          {failure ? (
            <Alert color="red" role="alert">
              {errorMessage(failure)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {announcement ? 'Save changes' : 'Publish'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
