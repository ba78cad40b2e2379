import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { ExperienceBuckets, type TCandidateFacets, type TFacetCount } from '@hireflow/contracts/candidates-search';
import type { ListKey, SearchState } from '../search-params';

type Props = {
  facets: TCandidateFacets;
  approximate: boolean;
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
};

const Groups: { key: ListKey; facet: keyof TCandidateFacets; label: string }[] = [
  { key: 'skills', facet: 'skills', label: 'Skills' },
  { key: 'tags', facet: 'tags', label: 'Tags' },
  { key: 'source', facet: 'source', label: 'Source' },
  { key: 'location', facet: 'location', label: 'Location' },
  { key: 'stageKind', facet: 'stageKind', label: 'Current stage' },
  { key: 'jobId', facet: 'jobId', label: 'Job applied to' },
  { key: 'lastActivity', facet: 'lastActivity', label: 'Last activity' },
];

/** Selected values stay listed (with no count) even when they are not among the top values any more. */
function withSelected(rows: TFacetCount[], selected: string[]): TFacetCount[] {
  const missing = selected.filter((v) => !rows.some((r) => r.value === v)).map((v) => ({ value: v, label: v, count: 0 }));
  return [...rows, ...missing];
}

function countLabel(row: TFacetCount, approximate: boolean) {
  return `${row.label} (${approximate ? '~' : ''}${row.count})`;
}

/** Checkbox groups with counts for every facet; a change narrows the search (and goes back to page 1). */
export function FacetFilters({ facets, approximate, state, onChange }: Props) {
  const experienceSelected = ExperienceBuckets.filter((b) => state.experienceMin !== undefined && b.min >= state.experienceMin && (state.experienceMax === undefined ? true : b.max !== null && b.max <= state.experienceMax)).map((b) => b.key);
  const setExperience = (keys: string[]) => {
    const chosen = ExperienceBuckets.filter((b) => keys.includes(b.key));
    if (chosen.length === 0) return onChange({ experienceMin: undefined, experienceMax: undefined, page: 1 });
    const max = chosen.some((b) => b.max === null) ? undefined : Math.max(...chosen.map((b) => b.max as number));
    onChange({ experienceMin: Math.min(...chosen.map((b) => b.min)), experienceMax: max, page: 1 });
  };
  return (
    <Stack gap="md" component="section" aria-label="Filters">
      {approximate ? (
        <Text fz="xs" c="dimmed">
          Counts are estimated from the best matches.
        </Text>
      ) : null}
      {Groups.map(({ key, facet, label }) => {
        const rows = withSelected(facets[facet], state[key]);
        if (rows.length === 0) return null;
        return (
          <Checkbox.Group key={key} label={label} value={state[key]} onChange={(values) => onChange({ [key]: values, page: 1 })}>
            <Stack gap={4} mt={4}>
              {rows.map((row) => (
                <Checkbox key={row.value} value={row.value} label={countLabel(row, approximate)} size="xs" />
              ))}
            </Stack>
          </Checkbox.Group>
        );
      })}
      {facets.experience.length ? (
        <Checkbox.Group label="Years of experience" value={experienceSelected} onChange={setExperience}>
          <Stack gap={4} mt={4}>
            {facets.experience
              .filter((row) => row.value !== 'unknown')
              .map((row) => (
                <Checkbox key={row.value} value={row.value} label={countLabel(row, approximate)} size="xs" />
              ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      {facets.consent.length ? (
        <Radio.Group label="Consent" value={state.consent ?? 'any'} onChange={(v) => onChange({ consent: v === 'any' ? undefined : (v as 'yes' | 'no'), page: 1 })}>
          <Stack gap={4} mt={4}>
            <Radio value="any" label="Any" size="xs" />
            {facets.consent.map((row) => (
              <Radio key={row.value} value={row.value} label={countLabel(row, approximate)} size="xs" />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}
