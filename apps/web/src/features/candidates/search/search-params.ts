import { ZCandidateSearchQuery, type TCandidateSearchFilters, type TCandidateSearchQuery } from '@hireflow/contracts/candidates-search';
import { toSearchText } from '@/lib/search-text';

export type SearchState = TCandidateSearchQuery;
const ListKeys = ['skills', 'tags', 'source', 'location', 'jobId', 'stageKind', 'lastActivity'] as const;
export type ListKey = (typeof ListKeys)[number];

const Empty: SearchState = ZCandidateSearchQuery.parse({});

/** The search a URL's query string describes; anything unreadable is left out rather than failing the page. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = (ListKeys as readonly string[]).includes(key) ? values : values[0];
  }
  const parsed = ZCandidateSearchQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop the fields that fail and keep the rest.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = ZCandidateSearchQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
  return kept.success ? kept.data : Empty;
}

/** Pairs of a search (repeated keys for lists), without defaults, in a stable order. */
function pairs(state: Partial<SearchState>): [string, string][] {
  const out: [string, string][] = [];
  if (state.q) out.push(['q', state.q]);
  for (const key of ListKeys) for (const v of state[key] ?? []) out.push([key, v]);
  if (state.experienceMin !== undefined) out.push(['experienceMin', String(state.experienceMin)]);
  if (state.experienceMax !== undefined) out.push(['experienceMax', String(state.experienceMax)]);
  if (state.consent) out.push(['consent', state.consent]);
  if (state.sort) out.push(['sort', state.sort]);
  if (state.page && state.page > 1) out.push(['page', String(state.page)]);
  return out;
}

/** The page's own query string (what the address bar shows and a shared link carries). */
export function toSearchParams(state: Partial<SearchState>): URLSearchParams {
  return new URLSearchParams(pairs(state));
}

/** The API's query string: the search text trimmed and url-encoded (SPEC section 5), the rest encoded. */
export function toApiQuery(state: Partial<SearchState>): string {
  return pairs(state)
    .map(([k, v]) => (k === 'q' ? `q=${toSearchText(v)}` : `${k}=${encodeURIComponent(v)}`))
    .join('&');
}

export function hasFilters(state: TCandidateSearchFilters): boolean {
  return ListKeys.some((k) => state[k].length > 0) || state.experienceMin !== undefined || state.experienceMax !== undefined || state.consent !== undefined;
}

/** The filters and words of a search, for saving (no page). */
export function filtersOf(state: SearchState): TCandidateSearchFilters {
  const { page: _page, ...filters } = state;
  return filters;
}
