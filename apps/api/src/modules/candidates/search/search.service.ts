import type { Types } from 'mongoose';
import { CandidateDatabase } from '@hireflow/contracts/candidates';
import { CandidateSearchLimits, type TCandidateSearchQuery, type TCandidateSearchResult, type TCandidateSort } from '@hireflow/contracts/candidates-search';
import type { AuthContext } from '../../../lib/auth';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { candidateViewOf } from '../candidates.access';
import { CandidateSummaryProjection, pinnedAmong, presentCandidateSummary } from '../candidate-summary';
import { candidateSearchFilter, searchModeOf } from './search-filter';
import { countFacets } from './search-facets';
import { highlightCandidate, highlightPhone, searchTerms } from './highlights';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

const sortSpec = (sort: TCandidateSort): Record<string, unknown> =>
  sort === 'relevance' ? { score: { $meta: 'textScore' }, createdAt: -1 } : sort === 'last_activity' ? { lastActivityAt: -1 } : { createdAt: -1 };

/**
 * GET /api/candidates: the caller's visible candidates matching the words and filters, one page of rows
 * (with highlighted snippets and pins), the total, and facet counts, all computed by the database.
 */
export async function searchCandidates(auth: Caller, query: TCandidateSearchQuery): Promise<TCandidateSearchResult> {
  const now = new Date();
  const view = await candidateViewOf(auth);
  const mode = searchModeOf(query.q);
  const filter = candidateSearchFilter(auth.customerId, view, query, mode, now);
  const sort: TCandidateSort = mode.kind === 'text' ? (query.sort ?? 'relevance') : query.sort === 'last_activity' ? 'last_activity' : 'newest';
  const pageSize = CandidateDatabase.pageSize;

  const projection: Record<string, unknown> = {
    ...CandidateSummaryProjection,
    ...(mode.kind === 'text' && { notesText: 1, resumeText: 1 }),
    ...(sort === 'relevance' && { score: { $meta: 'textScore' } }),
  };
  const page = () =>
    Candidate.find(filter, projection).sort(sortSpec(sort) as Record<string, 1 | -1>).skip((query.page - 1) * pageSize).limit(pageSize).lean() as unknown as Promise<CandidateDoc[]>;
  const count = Candidate.countDocuments(filter, { limit: CandidateSearchLimits.maxCount + 1 });
  let rows: CandidateDoc[];
  let facets;
  if (mode.kind === 'text') {
    // Words are scored once for the facets' best-ranked window, which also holds the first pages by relevance;
    // a later page or another sort is fetched alongside.
    const beyondWindow = sort !== 'relevance' || query.page * pageSize > CandidateSearchLimits.facetWindow;
    const pageRows = beyondWindow ? page() : null;
    const ranked = (await Candidate.find(filter, { ...projection, score: { $meta: 'textScore' } })
      .sort(sortSpec('relevance') as Record<string, 1 | -1>)
      .limit(CandidateSearchLimits.facetWindow)
      .lean()) as unknown as CandidateDoc[];
    [rows, facets] = await Promise.all([pageRows ?? ranked.slice((query.page - 1) * pageSize, query.page * pageSize), countFacets(filter, view, now, ranked.map((r) => r._id))]);
  } else {
    [rows, facets] = await Promise.all([page(), countFacets(filter, view, now)]);
  }
  const total = await count;
  const pinned = await pinnedAmong(auth.customerId, auth.user._id, rows.map((r) => r._id));
  const terms = mode.kind === 'text' ? searchTerms(mode.q) : new Set<string>();
  return {
    items: rows.map((c) => ({
      ...presentCandidateSummary(c, pinned.has(String(c._id))),
      highlights: mode.kind === 'phone' ? highlightPhone(c.phone ?? '') : highlightCandidate(c, terms),
    })),
    total: Math.min(total, CandidateSearchLimits.maxCount),
    totalCapped: total > CandidateSearchLimits.maxCount,
    page: query.page,
    pageSize,
    sort,
    facets,
    facetsApproximate: total > CandidateSearchLimits.facetWindow,
  };
}
