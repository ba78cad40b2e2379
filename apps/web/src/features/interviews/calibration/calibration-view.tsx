import { Group, List, Paper, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { RecommendationLabels, Recommendations, type TRecommendation } from '@hireflow/contracts/interviews';
import type { TCalibrationRow } from '@hireflow/contracts/interviews-insights';

const Colors: Record<TRecommendation, string> = { strong_no: 'red.7', no: 'orange.5', yes: 'teal.4', strong_yes: 'teal.8' };
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const signed = (n: number | null) => (n === null ? '–' : `${n > 0 ? '+' : ''}${n.toFixed(2)}`);

/** One row per interviewer: counts, agreement with the panel and with the outcome. */
export function CalibrationTable({ rows }: { rows: TCalibrationRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Calibration per interviewer">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Interviewer</Table.Th>
            <Table.Th scope="col">Scorecards</Table.Th>
            <Table.Th scope="col">Mean recommendation</Table.Th>
            <Table.Th scope="col">Agrees with the panel</Table.Th>
            <Table.Th scope="col">Difference from the panel</Table.Th>
            <Table.Th scope="col">Agrees with the outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.interviewerId}>
              <Table.Th scope="row" fw={500}>
                {r.interviewerName}
              </Table.Th>
              <Table.Td>{r.submitted}</Table.Td>
              <Table.Td>{signed(r.meanScore)}</Table.Td>
              <Table.Td>
                {percent(r.panelAgreement)}
                <Text span fz="xs" c="dimmed">
                  {' '}
                  ({r.agreesWithPanel} of {r.panelMajority})
                </Text>
              </Table.Td>
              <Table.Td>{signed(r.meanDifference)}</Table.Td>
              <Table.Td>
                {percent(r.outcomeAgreement)}
                <Text span fz="xs" c="dimmed">
                  {' '}
                  ({r.agreesWithOutcome} of {r.decided})
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A stacked bar per interviewer: how their recommendations spread from strong no to strong yes. */
export function RecommendationChart({ rows }: { rows: TCalibrationRow[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="calibration-chart-title">
      <Title order={2} fz="lg" id="calibration-chart-title" mb="xs">
        Recommendations per interviewer
      </Title>
      <Group gap="md" mb="sm" aria-hidden>
        {Recommendations.map((r) => (
          <Group key={r} gap={4}>
            <Progress.Root w={14} size={10}>
              <Progress.Section value={100} color={Colors[r]} />
            </Progress.Root>
            <Text fz="xs">{RecommendationLabels[r]}</Text>
          </Group>
        ))}
      </Group>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => {
          const summary = Recommendations.map((r) => `${RecommendationLabels[r]} ${row.distribution[r]}`).join(', ');
          return (
            <li key={row.interviewerId} aria-label={`${row.interviewerName}: ${summary}`}>
              <Group wrap="nowrap" gap="sm">
                <Text fz="sm" w={160} truncate aria-hidden>
                  {row.interviewerName}
                </Text>
                <Progress.Root size={18} style={{ flex: 1 }} aria-hidden>
                  {Recommendations.map((r) =>
                    row.distribution[r] ? (
                      <Tooltip key={r} label={`${RecommendationLabels[r]}: ${row.distribution[r]}`}>
                        <Progress.Section value={(row.distribution[r] / row.submitted) * 100} color={Colors[r]}>
                          <Progress.Label>{row.distribution[r]}</Progress.Label>
                        </Progress.Section>
                      </Tooltip>
                    ) : null,
                  )}
                </Progress.Root>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function HowCalibrationIsComputed() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="calibration-how-title">
      <Title order={2} fz="lg" id="calibration-how-title" mb="xs">
        How this is computed
      </Title>
      <List spacing={4} fz="sm">
        <List.Item>Only submitted scorecards count, in the date range they were submitted in. Recommendations score strong no −2, no −1, yes +1, strong yes +2.</List.Item>
        <List.Item>
          The panel is everyone else who submitted a scorecard for the same candidate on the same job. A scorecard agrees with the panel when it is on the same side (yes or no) as the
          majority of the others; ties and candidates nobody else scored are left out.
        </List.Item>
        <List.Item>Difference from the panel: the interviewer’s score minus the others’ mean score, averaged. Above zero means more positive than their colleagues.</List.Item>
        <List.Item>Agrees with the outcome: a yes for a candidate who was hired, or a no for one who was rejected. Candidates still in process or who withdrew are left out.</List.Item>
      </List>
    </Paper>
  );
}
