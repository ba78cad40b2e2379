import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSpeedScreeningItem } from '@hireflow/contracts/pipeline';

const days = (iso: string) => Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000));

/** Who the applicant is: the profile summary and the answers to the job's screening questions. */
export function ScreeningApplicant({ item }: { item: TSpeedScreeningItem }) {
  const { card, profile } = item;
  const headline = [profile.currentTitle || card.currentTitle, profile.currentCompany].filter(Boolean).join(' at ');
  const waited = days(card.appliedAt);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Profile summary">
        <Title order={2} fz="xl">
          {card.name}
        </Title>
        {headline ? <Text>{headline}</Text> : null}
        <Text size="sm" c="dimmed">
          {[profile.location, profile.experienceYears !== null ? `${profile.experienceYears} ${profile.experienceYears === 1 ? 'year' : 'years'} of experience` : '', `applied to ${card.jobTitle} ${waited === 0 ? 'today' : `${waited} ${waited === 1 ? 'day' : 'days'} ago`}`, card.source.replace('_', ' ')]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {profile.skills.length || card.tags.length ? (
          <Group gap={6} mt="xs">
            {profile.skills.map((s) => (
              <Badge key={`s-${s}`} variant="light">
                {s}
              </Badge>
            ))}
            {card.tags.map((t) => (
              <Badge key={`t-${t}`} variant="default">
                {t}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Answers">
        <Title order={3} fz="md" mb="xs">
          Answers to the screening questions
        </Title>
        {item.answers.length ? (
          <Stack gap="sm" component="dl" m={0}>
            {item.answers.map((a, i) => (
              <div key={i}>
                <Text component="dt" fw={600} size="sm">
                  {a.label}
                </Text>
                <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                  {a.answer || '—'}
                </Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            No screening questions were answered.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
