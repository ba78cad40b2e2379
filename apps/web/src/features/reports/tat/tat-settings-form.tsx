import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { TatDefaults, ZTatSettings, type TTatSettings } from '@hireflow/contracts/reports';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useSaveTatSettings } from '../api/tat-settings';

const StageFields = [
  { key: 'stages.screening', label: 'Screening', hint: 'From application to a decision to interview or reject.' },
  { key: 'stages.interview', label: 'Interview', hint: 'From entering an interview stage to moving on.' },
  { key: 'stages.offer', label: 'Offer', hint: 'From entering the offer stage to the answer.' },
] as const;
const order = ['stages.screening', 'stages.interview', 'stages.offer', 'vacancyDays'] as const;

/** The targets in whole days: a stage's target feeds the bottleneck report, the vacancy target the ageing report. */
export function TatSettingsForm({ settings }: { settings: TTatSettings }) {
  const form = useForm<TTatSettings>({ initialValues: { stages: { ...settings.stages }, vacancyDays: settings.vacancyDays }, validate: zodValidate(ZTatSettings) });
  const save = useSaveTatSettings();
  const submit = form.onSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          const next = { stages: { ...saved.stages }, vacancyDays: saved.vacancyDays };
          form.setInitialValues(next);
          form.setValues(next);
          notifications.show({ message: 'Turnaround targets saved', color: 'pastel-green' });
        },
      }),
    focusFirstError(form, order),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={save.isError ? errorMessage(save.error) : null} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tat-stages-title">
          <Title order={2} fz="h4" id="tat-stages-title">
            Days per stage
          </Title>
          <Text size="sm" mb="sm">
            The most days a candidate should wait in each kind of stage. The bottleneck report lists the stages whose median time is over their target.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {StageFields.map((f) => (
              <NumberInput key={f.key} label={f.label} description={f.hint} suffix=" days" min={1} max={365} clampBehavior="none" allowDecimal={false} allowNegative={false} {...form.getInputProps(f.key)} />
            ))}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tat-vacancy-title">
          <Title order={2} fz="h4" id="tat-vacancy-title">
            Days to fill a vacancy
          </Title>
          <Text size="sm" mb="sm">
            The vacancy ageing report compares how long each open job has been open with this target.
          </Text>
          <NumberInput label="Target to fill a job" suffix=" days" min={1} max={365} clampBehavior="none" allowDecimal={false} allowNegative={false} maw={260} {...form.getInputProps('vacancyDays')} />
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save targets
          </Button>
          <Button
            variant="default"
            onClick={() => form.setValues({ stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, vacancyDays: TatDefaults.vacancyDays })}
          >
            Use the suggested targets
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
