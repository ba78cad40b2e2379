import { Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useScreeningJobs } from '@/features/pipeline/api/get-speed-screening';
import { SpeedScreener } from '@/features/pipeline/speed-screening/speed-screener';
import type { ScreeningList } from '@/features/pipeline/speed-screening/use-screening-session';

const AllJobs = 'all';

/** /speed-screening?jobId=&list=: pick a job (or all my jobs), then decide on its new applicants one by one. */
export default function SpeedScreeningPage() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('jobId');
  const list: ScreeningList = params.get('list') === 'on_hold' ? 'on_hold' : 'queue';
  const jobs = useScreeningJobs();
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const options = [{ value: AllJobs, label: 'All my jobs' }, ...(jobs.data ?? []).map((j) => ({ value: j.id, label: j.title }))];
  if (jobId && !options.some((o) => o.value === jobId)) options.push({ value: jobId, label: 'This job' });

  return (
    <Stack gap="md">
      <Title order={1}>Speed screening</Title>
      <Text c="dimmed">New applicants one at a time, oldest first. Press ? for the keyboard shortcuts.</Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select label="Job" data={options} value={jobId ?? AllJobs} onChange={(v) => set('jobId', v && v !== AllJobs ? v : null)} allowDeselect={false} searchable w={{ base: '100%', sm: 320 }} />
        <SegmentedControl
          aria-label="Which applicants"
          value={list}
          onChange={(v) => set('list', v === 'on_hold' ? 'on_hold' : null)}
          data={[
            { value: 'queue', label: 'To screen' },
            { value: 'on_hold', label: 'On hold' },
          ]}
        />
      </Group>
      <SpeedScreener key={`${jobId ?? AllJobs}-${list}`} jobId={jobId} list={list} />
    </Stack>
  );
}
