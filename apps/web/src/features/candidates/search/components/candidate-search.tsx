import { Alert, Box, Grid, Group, Loader, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CandidateDatabase } from '@hireflow/contracts/candidates';
import { CandidateSortLabels, CandidateSorts, type TCandidateSort } from '@hireflow/contracts/candidates-search';
import { errorMessage } from '@/lib/api-client';
import { useSearchCandidates } from '../api/search-candidates';
import { filtersOf, hasFilters, parseSearchParams, toSearchParams, type SearchState } from '../search-params';
import { CandidateResults } from './candidate-results';
import { FacetFilters } from './facet-filters';
import { SavedSearchesPanel } from './saved-searches-panel';
import { SelectionBar, type SelectionActions } from './selection-bar';

/**
 * The candidate database search: words, facets, sort and page live in the URL (back, forward and a shared
 * link show the same search); the API ranks, filters, counts and pages.
 */
export function CandidateSearch({ selectionActions }: { selectionActions?: SelectionActions }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const update = (patch: Partial<SearchState>) => setParams(toSearchParams({ ...state, ...patch }));

  // The box answers every key press; the URL (and the search) follows once typing pauses.
  const [text, setText] = useState(state.q);
  const [debounced] = useDebouncedValue(text, 300);
  const lastPushed = useRef(state.q);
  useEffect(() => {
    const q = debounced.trim();
    if (q === lastPushed.current) return;
    lastPushed.current = q;
    setParams((prev) => toSearchParams({ ...parseSearchParams(prev), q, page: 1 }));
  }, [debounced, setParams]);
  useEffect(() => {
    // Back/forward or an applied saved search changed the words: show them in the box.
    if (state.q !== lastPushed.current) {
      lastPushed.current = state.q;
      setText(state.q);
    }
  }, [state.q]);

  const results = useSearchCandidates(state);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const sortOptions = CandidateSorts.filter((s) => s !== 'relevance' || state.q).map((s) => ({ value: s, label: CandidateSortLabels[s] }));
  const data = results.data;
  const pages = data ? Math.min(CandidateDatabase.maxPage, Math.max(1, Math.ceil(data.total / data.pageSize))) : 1;
  const searching = Boolean(state.q) || hasFilters(state);

  return (
    <Stack gap="md">
      <Group align="end" gap="sm">
        <TextInput
          label="Search candidates"
          description="Names, email, phone, title, company, skills, tags, notes and résumés"
          placeholder="e.g. kubernetes berlin"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Select
          label="Sort"
          data={sortOptions}
          value={data?.sort ?? state.sort ?? (state.q ? 'relevance' : 'newest')}
          onChange={(v) => update({ sort: (v as TCandidateSort) ?? undefined, page: 1 })}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <SelectionBar candidateIds={[...selected]} onClear={() => setSelected(new Set())} selectionActions={selectionActions} />
      <Grid gap="lg">
        {/* On a phone the results come first and the filters below them. */}
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <SavedSearchesPanel current={filtersOf(state)} />
            {data ? <FacetFilters facets={data.facets} approximate={data.facetsApproximate} state={state} onChange={update} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          {results.isPending ? (
            <Group justify="center" p="xl">
              <Loader role="progressbar" aria-label="Loading candidates" />
            </Group>
          ) : results.isError ? (
            <Alert color="red" title="Candidates could not be loaded">
              {errorMessage(results.error)}
            </Alert>
          ) : data!.items.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              {searching ? (
                <Stack gap={4} align="center">
                  <Text fw={500}>No candidates match {state.q ? `“${state.q}”` : 'these filters'}{state.q && hasFilters(state) ? ' with these filters' : ''}.</Text>
                  <Text c="dimmed" fz="sm">
                    Try fewer or other words, or clear some filters.
                  </Text>
                </Stack>
              ) : state.page > 1 ? (
                <Text ta="center">There are no candidates on this page.</Text>
              ) : (
                <Stack gap={4} align="center">
                  <Text fw={500}>The candidate database is empty.</Text>
                  <Text c="dimmed" fz="sm">
                    Candidates appear here when they apply on your career site or when a recruiter adds or imports them.
                  </Text>
                </Stack>
              )}
            </Paper>
          ) : (
            <Stack gap="sm">
              <Text c="dimmed" fz="sm" aria-live="polite">
                {data!.total.toLocaleString()}
                {data!.totalCapped ? '+' : ''} {data!.total === 1 && !data!.totalCapped ? 'candidate' : 'candidates'}
                {results.isFetching ? ' · updating…' : ''}
              </Text>
              <Box opacity={results.isPlaceholderData ? 0.6 : 1}>
                <CandidateResults items={data!.items} selected={selected} onSelect={select} />
              </Box>
              {pages > 1 ? <Pagination total={pages} value={state.page} onChange={(page) => update({ page })} aria-label="Pages" /> : null}
              {data!.totalCapped || data!.total > CandidateDatabase.maxPage * data!.pageSize ? (
                <Text fz="xs" c="dimmed">
                  Only the first {CandidateDatabase.maxPage} pages are shown: narrow the search to see the others.
                </Text>
              ) : null}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
