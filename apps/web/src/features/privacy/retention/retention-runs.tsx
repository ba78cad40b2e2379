import { Alert, Box, Button, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { RetentionRuleLabels, RetentionRules, type TRetentionRun } from '@hireflow/contracts/privacy';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/date-format';
import { useRetentionRuns } from '../api/retention';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What a rule did in a run: its count, or "off" when the rule was off then. */
const cell = (run: TRetentionRun, rule: (typeof RetentionRules)[number]) => (run.rules[rule] == null ? 'Off' : String(run.counts[rule]));

/** "Retention runs": the last runs of the rules (date, what each rule anonymised, erased, failed). */
export function RetentionRuns() {
  const runs = useRetentionRuns();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="retention-runs-heading">
      <Title order={2} fz="h4" mb="sm" id="retention-runs-heading">
        Retention runs
      </Title>
      {runs.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading the retention runs" />
      ) : runs.isError ? (
        <Alert color="red" role="alert" title="The retention runs could not be loaded">
          <Group>
            <Text size="sm">{errorMessage(runs.error)}</Text>
            <Button size="xs" variant="light" onClick={() => runs.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : runs.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No run yet: the rules run once a day once switched on.
        </Text>
      ) : (
        // A focusable region: keyboard users scroll the table sideways on a narrow screen.
        <Box className="mantine-focus-auto" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="retention-runs-heading">
          <Table striped aria-labelledby="retention-runs-heading" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                {RetentionRules.map((rule) => (
                  <Table.Th key={rule}>{RetentionRuleLabels[rule]}</Table.Th>
                ))}
                <Table.Th>Erased</Table.Th>
                <Table.Th>Failed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.items.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>
                    {formatDate(run.at)} {time(run.at)}
                    {run.finishedAt ? null : (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (running)
                      </Text>
                    )}
                  </Table.Td>
                  {RetentionRules.map((rule) => (
                    <Table.Td key={rule}>{cell(run, rule)}</Table.Td>
                  ))}
                  <Table.Td>{run.erased}</Table.Td>
                  <Table.Td>{run.failed ? <Text span c="red" size="sm">{run.failed}</Text> : 0}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
