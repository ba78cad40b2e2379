import { Alert, Button, Checkbox, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { WeekdayLabels, Weekdays, type TWorkingHours } from '@hireflow/contracts/interviews';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { timeZoneOptions } from '@/lib/time-zones';
import { useSaveWorkingHours, useWorkingHours } from '../api/working-hours';

type Day = { on: boolean; start: string; end: string };
type Draft = { timeZone: string; days: Record<number, Day> };
const Clock = /^([01]\d|2[0-3]):[0-5]\d$/;

function toDraft(hours: TWorkingHours): Draft {
  const days: Record<number, Day> = {};
  for (const weekday of Weekdays) {
    const spans = hours.days.filter((d) => d.weekday === weekday);
    // One span a day here: a day saved with several (through the API) shows from its first start to its last end.
    days[weekday] = spans.length
      ? { on: true, start: spans[0]!.start, end: spans[spans.length - 1]!.end }
      : { on: false, start: '09:00', end: '17:00' };
  }
  return { timeZone: hours.timeZone, days };
}

/** Per enabled day, what is wrong with its times ('' when fine). */
function problemsOf(draft: Draft): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const weekday of Weekdays) {
    const d = draft.days[weekday]!;
    if (!d.on) continue;
    if (!Clock.test(d.start) || !Clock.test(d.end)) problems[weekday] = 'Enter times like 09:00';
    else if (d.end <= d.start) problems[weekday] = 'The end must be after the start';
  }
  return problems;
}

function Editor({ initial }: { initial: TWorkingHours }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [showProblems, setShowProblems] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveWorkingHours({ onSuccess: () => notifications.show({ message: 'Working hours saved', color: 'pastel-green' }) });
  const problems = problemsOf(draft);
  const setDay = (weekday: number, change: Partial<Day>) => setDraft((d) => ({ ...d, days: { ...d.days, [weekday]: { ...d.days[weekday]!, ...change } } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    const enabled = Weekdays.filter((w) => draft.days[w]!.on);
    if (!enabled.length) return setFormError('Turn on at least one working day.');
    const firstBad = Weekdays.find((w) => problems[w]);
    if (firstBad) {
      setFormError(`${WeekdayLabels[firstBad]}: ${problems[firstBad]}.`);
      document.getElementById(`working-hours-${firstBad}-start`)?.focus();
      return;
    }
    setFormError(null);
    save.mutate({ timeZone: draft.timeZone, days: enabled.map((weekday) => ({ weekday, start: draft.days[weekday]!.start, end: draft.days[weekday]!.end })) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert message={formError ?? (save.isError ? errorMessage(save.error) : null)} />
        <Select
          label="Time zone of my working hours"
          description="Interview slots are offered within these hours on this clock, also across daylight-saving changes."
          searchable
          allowDeselect={false}
          data={timeZoneOptions(draft.timeZone)}
          value={draft.timeZone}
          onChange={(value) => value && setDraft((d) => ({ ...d, timeZone: value }))}
          maw={420}
        />
        <Table withRowBorders={false} verticalSpacing={4} maw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Weekdays.map((weekday) => {
              const day = draft.days[weekday]!;
              const label = WeekdayLabels[weekday];
              const problem = showProblems ? problems[weekday] : undefined;
              return (
                <Table.Tr key={weekday}>
                  <Table.Td>
                    <Checkbox label={label} checked={day.on} onChange={(e) => setDay(weekday, { on: e.currentTarget.checked })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      id={`working-hours-${weekday}-start`}
                      type="time"
                      aria-label={`${label} from`}
                      value={day.start}
                      disabled={!day.on}
                      error={problem ? true : undefined}
                      onChange={(e) => setDay(weekday, { start: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      type="time"
                      aria-label={`${label} to`}
                      value={day.end}
                      disabled={!day.on}
                      error={problem || undefined}
                      onChange={(e) => setDay(weekday, { end: e.currentTarget.value })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save working hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** My working hours and their time zone (profile page): scheduling offers interview slots only within them. */
export default function WorkingHoursEditor() {
  const hours = useWorkingHours();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="working-hours-heading">
      <Stack>
        <div>
          <Title order={2} size="h3" id="working-hours-heading">
            Working hours
          </Title>
          <Text size="sm" c="dimmed">
            When you can be booked for interviews.
          </Text>
        </div>
        {hours.isPending ? (
          <Loader role="progressbar" aria-label="Loading working hours" />
        ) : hours.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(hours.error)}
          </Alert>
        ) : (
          // A new answer (saved here, or read again after the profile changed the time zone) starts the form afresh.
          <Editor key={JSON.stringify(hours.data)} initial={hours.data} />
        )}
      </Stack>
    </Paper>
  );
}
