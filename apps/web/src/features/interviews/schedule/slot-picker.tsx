import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TFreeSlot, TFreeSlotResponse } from '@hireflow/contracts/interviews';
import { errorMessage } from '@/lib/api-client';
import { groupSlotsByDay, sameInstant, slotLabel, type RangeChoice } from './interview-time';

export type SlotSearch = {
  choice: RangeChoice;
  custom: { from: string; to: string };
};

type Props = {
  timeZone: string;
  search: SlotSearch;
  onSearch: (search: SlotSearch) => void;
  /** Why no search runs yet (no interviewer, no duration), or null. */
  notReady: string | null;
  result: { data?: TFreeSlotResponse; isPending: boolean; isFetching: boolean; isError: boolean; error: unknown };
  picked: string | null;
  onPick: (slot: TFreeSlot) => void;
};

/** The search window and the suggested slots, grouped by day on the scheduler's clock. */
export function SlotPicker({ timeZone, search, onSearch, notReady, result, picked, onPick }: Props) {
  const days = result.data ? groupSlotsByDay(result.data.slots, timeZone) : [];
  return (
    <Stack gap="xs" component="section" aria-label="Suggested times">
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="h5">
          Suggested times <Text span fz="xs" c="dimmed">({timeZone})</Text>
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Search window"
          value={search.choice}
          onChange={(choice) => onSearch({ ...search, choice: choice as RangeChoice })}
          data={[
            { value: 'this_week', label: 'This week' },
            { value: 'next_week', label: 'Next week' },
            { value: 'custom', label: 'Pick dates' },
          ]}
        />
      </Group>
      {search.choice === 'custom' ? (
        <Group grow>
          <TextInput type="date" label="From" value={search.custom.from} onChange={(e) => onSearch({ ...search, custom: { ...search.custom, from: e.currentTarget.value } })} />
          <TextInput type="date" label="To" value={search.custom.to} onChange={(e) => onSearch({ ...search, custom: { ...search.custom, to: e.currentTarget.value } })} />
        </Group>
      ) : null}
      {notReady ? (
        <Text c="dimmed" fz="sm">
          {notReady}
        </Text>
      ) : result.isPending ? (
        <Group gap="xs">
          <Loader size="xs" role="progressbar" aria-label="Finding free times" />
          <Text fz="sm">Finding free times…</Text>
        </Group>
      ) : result.isError ? (
        <Alert color="red" role="alert" title="Free times could not be found">
          {errorMessage(result.error)}
        </Alert>
      ) : days.length === 0 ? (
        <Text fz="sm" role="status">
          No free slots in this range: widen the range or choose fewer interviewers.
        </Text>
      ) : (
        <Stack gap={6} aria-busy={result.isFetching} style={{ maxHeight: 260, overflowY: 'auto' }}>
          {days.map((day) => (
            <div key={day.day} role="group" aria-label={day.label}>
              <Text fz="sm" fw={600} mb={4}>
                {day.label}
              </Text>
              <Group gap={6}>
                {day.slots.map((slot) => {
                  const selected = picked !== null && sameInstant(picked, slot.start);
                  const label = slotLabel(slot, timeZone);
                  return (
                    <Button
                      key={slot.start}
                      size="compact-sm"
                      variant={selected ? 'filled' : 'default'}
                      aria-pressed={selected}
                      title={slot.roomName ? `${label} in ${slot.roomName}` : label}
                      onClick={() => onPick(slot)}
                    >
                      {label}
                    </Button>
                  );
                })}
              </Group>
            </div>
          ))}
          {result.data?.truncated ? (
            <Text fz="xs" c="dimmed">
              Only the first slots are shown: narrow the range to see the rest.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
