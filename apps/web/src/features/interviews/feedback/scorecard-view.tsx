import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { RatingLabels, RecommendationLabels, type TRecommendation } from '@hireflow/contracts/interviews';
import type { TScorecard } from '@hireflow/contracts/interviews-feedback';
import { useViewerTimeZone } from './interview-summary';

const RecommendationColors: Record<TRecommendation, string> = { strong_no: 'red.9', no: 'pink.9', yes: 'teal.9', strong_yes: 'green.9' };

export function RecommendationBadge({ recommendation }: { recommendation: TRecommendation | null }) {
  if (!recommendation) return <Badge color="gray.7" variant="outline" tt="none">No recommendation yet</Badge>;
  return (
    <Badge color={RecommendationColors[recommendation]} tt="none">
      {RecommendationLabels[recommendation]}
    </Badge>
  );
}

export const ratingText = (rating: number | null) => (rating === null ? 'Not assessed' : `${rating} · ${RatingLabels[rating as keyof typeof RatingLabels]}`);

/** A scorecard read-only: recommendation, each attribute's rating and note, the notes (and private notes when shown). */
export function ScorecardView({ scorecard, title }: { scorecard: TScorecard; title?: string }) {
  const heading = title ?? scorecard.interviewer.name;
  const timeZone = useViewerTimeZone();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Scorecard of ${scorecard.interviewer.name}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{heading}</Text>
          <RecommendationBadge recommendation={scorecard.recommendation} />
        </Group>
        {scorecard.submittedAt ? (
          <Text fz="xs" c="dimmed">
            Submitted {new Date(scorecard.submittedAt).toLocaleString(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
        ) : null}
        {scorecard.ratings.length ? (
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {scorecard.ratings.map((r) => (
                <Table.Tr key={r.attributeId}>
                  <Table.Th w="40%" fw={500}>
                    {r.name}
                  </Table.Th>
                  <Table.Td>
                    <Text fz="sm">{ratingText(r.rating)}</Text>
                    {r.note ? (
                      <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                        {r.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {scorecard.notes ? <Text style={{ whiteSpace: 'pre-wrap' }}>{scorecard.notes}</Text> : null}
        {scorecard.privateNotes ? (
          <div>
            <Text fz="xs" fw={600} c="dimmed">
              Private notes
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {scorecard.privateNotes}
            </Text>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
