import { Alert, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { RetentionRuleLabels, RetentionRules, ZRetentionRules, type TRetentionPreview, type TRetentionRule, type TRetentionRules } from '@hireflow/contracts/privacy';
import { errorMessage } from '@/lib/api-client';
import { useRetentionPreview } from '../api/retention';

const unitOf = (rule: TRetentionRule) => (rule === 'sourcedDays' ? 'days' : 'months');
const people = (n: number) => `${n} candidate${n === 1 ? '' : 's'}`;

/** The rules a save would newly apply: switched on, or with another period than the saved one. */
export function changedRules(draft: TRetentionRules, saved: TRetentionRules): TRetentionRule[] {
  return RetentionRules.filter((rule) => draft[rule] != null && draft[rule] !== saved[rule]);
}

type Props = {
  draft: TRetentionRules;
  saved: TRetentionRules;
  /** How many people the changed rules would anonymise today; null while that is not known (loading, invalid, failed). */
  onAffectedChange?: (affected: number | null) => void;
};

/**
 * "Who would be affected": before a retention rule is switched on or its period changed, who the daily run would
 * anonymise today under the new periods, from the server (count and names per changed rule), with the warning that
 * erasure cannot be undone.
 */
export function RetentionImpact({ draft, saved, onAffectedChange }: Props) {
  const changed = changedRules(draft, saved);
  // Only the changed rules are asked about: the others already run daily. Keyed by value, so each render of the
  // same periods asks (and debounces) the same request.
  const asked = JSON.stringify(Object.fromEntries(RetentionRules.map((rule) => [rule, changed.includes(rule) ? draft[rule] : null])));
  const request = useMemo(() => {
    const rules = JSON.parse(asked) as TRetentionRules;
    return RetentionRules.some((rule) => rules[rule] != null) && ZRetentionRules.safeParse(rules).success ? rules : null;
  }, [asked]);
  const [debounced] = useDebouncedValue(request, 400);
  const settled = JSON.stringify(debounced) === JSON.stringify(request);
  const preview = useRetentionPreview(settled ? debounced : null);
  const ready = settled && request !== null && preview.isSuccess && !preview.isPlaceholderData;
  const affected = !changed.length ? 0 : ready ? changed.reduce((sum, rule) => sum + (preview.data.rules.find((r) => r.rule === rule)?.count ?? 0), 0) : null;

  useEffect(() => onAffectedChange?.(affected), [affected, onAffectedChange]);

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="retention-impact-heading">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="retention-impact-heading">
          Who would be affected
        </Title>
        {!changed.length ? (
          <Text size="sm" c="dimmed">
            Switch a rule on or change its period to see who it would anonymise today, before you save.
          </Text>
        ) : request === null ? (
          <Text size="sm" c="dimmed">
            Enter periods within the limits to see who would be affected.
          </Text>
        ) : preview.isError && settled ? (
          <Alert color="red" role="alert" title="Who would be affected could not be checked">
            <Group>
              <Text size="sm">{errorMessage(preview.error)}</Text>
              <Button size="xs" variant="light" onClick={() => preview.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !ready ? (
          <Loader size="sm" role="progressbar" aria-label="Checking who would be affected" />
        ) : (
          <ImpactList preview={preview.data} changed={changed} affected={affected ?? 0} />
        )}
      </Stack>
    </Paper>
  );
}

function ImpactList({ preview, changed, affected }: { preview: TRetentionPreview; changed: TRetentionRule[]; affected: number }) {
  return (
    <>
      {changed.map((rule) => {
        const row = preview.rules.find((r) => r.rule === rule);
        if (!row) return null;
        return (
          <div key={rule}>
            <Text size="sm" fw={500}>
              {RetentionRuleLabels[rule]} after {row.period} {unitOf(rule)}: {people(row.count)}
            </Text>
            {row.sample.length ? (
              <List size="sm" aria-label={`${RetentionRuleLabels[rule]} who would be anonymised`}>
                {row.sample.map((c) => (
                  <List.Item key={c.id}>{c.name}</List.Item>
                ))}
                {row.count > row.sample.length ? <List.Item>and {row.count - row.sample.length} more</List.Item> : null}
              </List>
            ) : null}
          </div>
        );
      })}
      {affected > 0 ? (
        <Alert color="orange" role="alert" title={`Saving anonymises ${people(affected)}`}>
          Saving turns these rules on: the daily run will anonymise {affected === 1 ? 'this candidate' : `these ${affected} candidates`} (name, contacts, files, notes,
          answers and mails). Erasure cannot be undone.
        </Alert>
      ) : (
        <Text size="sm" role="status">
          Nobody would be anonymised today. From now on, the daily run anonymises candidates as they fall due.
        </Text>
      )}
    </>
  );
}
