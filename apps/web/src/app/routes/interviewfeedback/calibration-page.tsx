import { Alert, Anchor, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { TCalibrationQuery } from '@hireflow/contracts/interviews-insights';
import { errorMessage } from '@/lib/api-client';
import { useInterviewCalibration } from '@/features/interviews/api/get-interview-calibration';
import { CalibrationTable, HowCalibrationIsComputed, RecommendationChart } from '@/features/interviews/calibration/calibration-view';

const isDay = (v: string | null) => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));

/** /interviewfeedback-all/calibration: how each interviewer's recommendations compare with the panel and the outcome. */
export default function CalibrationPage() {
  const [search, setSearch] = useSearchParams();
  const params: TCalibrationQuery = {
    ...(search.get('jobId') ? { jobId: search.get('jobId')! } : {}),
    ...(isDay(search.get('from')) ? { from: search.get('from')! } : {}),
    ...(isDay(search.get('to')) ? { to: search.get('to')! } : {}),
  };
  const calibration = useInterviewCalibration(params);
  const set = (key: string, value: string | null) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const data = calibration.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Interviewer calibration</Title>
        <Anchor component={Link} to={Paths.interviewFeedbackAll}>
          Back to scorecards
        </Anchor>
      </Group>
      <Text c="dimmed">How each interviewer’s recommendations compare with the rest of the panel on the same candidates, and with who was hired.</Text>
      {calibration.error && !data ? (
        <Alert color="red" title="Calibration is not available">
          {errorMessage(calibration.error)}
        </Alert>
      ) : (
        <>
          <Group align="end">
            <Select
              label="Job"
              placeholder="All jobs"
              clearable
              searchable
              data={(data?.jobs ?? []).map((j) => ({ value: j.id, label: j.title }))}
              value={params.jobId ?? null}
              onChange={(v) => set('jobId', v)}
              w={260}
            />
            <TextInput type="date" label="Submitted from" value={params.from ?? ''} onChange={(e) => set('from', e.currentTarget.value)} />
            <TextInput type="date" label="Submitted to" value={params.to ?? ''} onChange={(e) => set('to', e.currentTarget.value)} />
            {calibration.isFetching ? <Loader size="sm" role="progressbar" aria-label="Loading calibration" /> : null}
          </Group>
          {calibration.error ? <Alert color="red">{errorMessage(calibration.error)}</Alert> : null}
          {data ? (
            data.rows.length === 0 ? (
              <Paper withBorder p="lg" radius="md">
                <Text>No submitted scorecards {params.jobId || params.from || params.to ? 'match these filters' : 'yet'}.</Text>
                <Text c="dimmed" fz="sm">
                  Once interviewers submit scorecards{data.scope === 'mine' ? ' for the jobs you are the hiring manager of' : ''}, their calibration shows here.
                </Text>
              </Paper>
            ) : (
              <>
                <Paper withBorder p="md" radius="md">
                  <CalibrationTable rows={data.rows} />
                </Paper>
                <RecommendationChart rows={data.rows} />
              </>
            )
          ) : calibration.isPending ? (
            <Loader role="progressbar" aria-label="Loading calibration" />
          ) : null}
          <HowCalibrationIsComputed />
        </>
      )}
    </Stack>
  );
}
