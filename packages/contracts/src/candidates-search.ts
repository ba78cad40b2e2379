import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { StageKinds } from './jobs';
import { ApplicationSources, CandidateDatabase, ZCandidateSummary } from './candidates';

// ---------------------------------------------------------------------------------------------
// Search: GET /api/candidates (the /database page) and saved searches.
// ---------------------------------------------------------------------------------------------

export const CandidateSearchApi = {
  search: '/api/candidates',
  savedSearches: '/api/candidates/saved-searches',
  savedSearch: '/api/candidates/saved-searches/:id',
} as const;

export const CandidateSearchLimits = {
  maxQueryLength: 200,
  maxFilterValues: 20,
  /** Values listed per facet (the most frequent first). */
  facetValues: 10,
  /**
   * Facets are counted over at most this many matches (the best-ranked ones when searching by words, the
   * first in sort order otherwise); beyond it the answer says `facetsApproximate: true`.
   */
  facetWindow: 500,
  /**
   * Counting stops here (the rows beyond it are past the deepest page anyway): a larger match set answers
   * this number with `totalCapped: true` ("10,000+ candidates").
   */
  maxCount: CandidateDatabase.maxPage * CandidateDatabase.pageSize,
  maxSavedSearches: 50,
  maxSavedSearchName: 80,
} as const;

/** relevance needs search words; without them the list is sorted by newest. */
export const CandidateSorts = ['relevance', 'newest', 'last_activity'] as const;
export type TCandidateSort = (typeof CandidateSorts)[number];
export const CandidateSortLabels: Record<TCandidateSort, string> = { relevance: 'Relevance', newest: 'Newest', last_activity: 'Last activity' };

/** Last activity, in exclusive buckets (a candidate is in exactly one). */
export const LastActivityBuckets = ['week', 'month', 'quarter', 'year', 'older'] as const;
export type TLastActivityBucket = (typeof LastActivityBuckets)[number];
export const LastActivityBucketLabels: Record<TLastActivityBucket, string> = {
  week: 'In the last 7 days',
  month: '8 to 30 days ago',
  quarter: '31 to 90 days ago',
  year: '91 to 365 days ago',
  older: 'Over a year ago',
};
/** The lower age bound in days of each bucket (older: 365+). */
export const LastActivityBucketDays: Record<TLastActivityBucket, [number, number | null]> = {
  week: [0, 7],
  month: [7, 30],
  quarter: [30, 90],
  year: [90, 365],
  older: [365, null],
};

/** Years of experience buckets: [min, max] inclusive (max null = no upper bound). */
export const ExperienceBuckets = [
  { key: '0-1', min: 0, max: 1, label: 'Under 2 years' },
  { key: '2-4', min: 2, max: 4, label: '2 to 4 years' },
  { key: '5-9', min: 5, max: 9, label: '5 to 9 years' },
  { key: '10-19', min: 10, max: 19, label: '10 to 19 years' },
  { key: '20+', min: 20, max: null, label: '20 years or more' },
] as const;
export type TExperienceBucket = (typeof ExperienceBuckets)[number]['key'] | 'unknown';

export const StageKindLabels: Record<(typeof StageKinds)[number], string> = {
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

export const ConsentValues = ['yes', 'no'] as const;

/**
 * A filter that may list several values: `skills=a&skills=b` or `skills=a,b` (or both). Values are trimmed,
 * empty ones dropped, duplicates removed. Locations ("Berlin, Germany") hold commas: they are only repeated.
 */
const zList = <T extends z.ZodType<string>>(item: T, { commas = true }: { commas?: boolean } = {}) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' && commas ? x.split(',') : [x]));
      return [...new Set(parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== ''))];
    },
    z.array(item).max(CandidateSearchLimits.maxFilterValues, { error: `may list at most ${CandidateSearchLimits.maxFilterValues} values` }),
  );
const zFilterText = zText().max(80, { error: 'is too long' });
const zOptionalYears = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).max(70, { error: 'is too large' }).optional(),
);

/**
 * What the search box and the filters ask (everything but the page). Within skills and within tags every
 * value must match (a candidate with all of them); within the other filters any value matches.
 */
export const ZCandidateSearchFilters = z.object({
  /** Search words over names, email, phone, title, company, skills, tags, notes and résumé. Trimmed; '' = filters only. */
  q: zText({ error: 'must be text' }).trim().max(CandidateSearchLimits.maxQueryLength, { error: `is too long (at most ${CandidateSearchLimits.maxQueryLength} characters)` }).default(''),
  skills: zList(zFilterText).default([]),
  tags: zList(zFilterText).default([]),
  source: zList(z.enum(ApplicationSources, { error: `must be one of ${ApplicationSources.join(', ')}` })).default([]),
  location: zList(zFilterText, { commas: false }).default([]),
  jobId: zList(ZObjectId).default([]),
  stageKind: zList(z.enum(StageKinds, { error: `must be one of ${StageKinds.join(', ')}` })).default([]),
  experienceMin: zOptionalYears,
  experienceMax: zOptionalYears,
  lastActivity: zList(z.enum(LastActivityBuckets, { error: `must be one of ${LastActivityBuckets.join(', ')}` })).default([]),
  consent: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ConsentValues, { error: 'must be yes or no' }).optional()),
  /** Default: relevance with search words, newest without (relevance without words sorts by newest). */
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CandidateSorts, { error: `must be one of ${CandidateSorts.join(', ')}` }).optional()),
});
export type TCandidateSearchFilters = z.output<typeof ZCandidateSearchFilters>;
export type TCandidateSearchFiltersInput = z.input<typeof ZCandidateSearchFilters>;

export const CandidatePageTooDeepMessage = `page: the deepest page is ${CandidateDatabase.maxPage}; narrow the search to see further`;

export const ZCandidateSearchQuery = ZCandidateSearchFilters.extend({
  page: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(CandidateDatabase.maxPage, { error: CandidatePageTooDeepMessage.replace(/^page: /, '') })
    .default(1),
}).refine((v) => v.experienceMin === undefined || v.experienceMax === undefined || v.experienceMin <= v.experienceMax, {
  error: 'must not be below experienceMin',
  path: ['experienceMax'],
});
export type TCandidateSearchQuery = z.output<typeof ZCandidateSearchQuery>;

/** A matched field, cut to a short snippet; `ranges` are [start, end) offsets of the matched words in `text`. */
export const ZSearchHighlight = z.object({
  field: z.enum(['name', 'email', 'phone', 'currentTitle', 'currentCompany', 'skills', 'tags', 'notes', 'resume']),
  text: z.string(),
  ranges: z.array(z.tuple([z.number(), z.number()])),
});
export type TSearchHighlight = z.infer<typeof ZSearchHighlight>;

export const ZCandidateSearchItem = ZCandidateSummary.extend({ highlights: z.array(ZSearchHighlight) });
export type TCandidateSearchItem = z.infer<typeof ZCandidateSearchItem>;

export const ZFacetCount = z.object({ value: z.string(), label: z.string(), count: z.number() });
export type TFacetCount = z.infer<typeof ZFacetCount>;

export const CandidateFacetNames = ['skills', 'tags', 'source', 'location', 'experience', 'stageKind', 'jobId', 'lastActivity', 'consent'] as const;
export type TCandidateFacetName = (typeof CandidateFacetNames)[number];

/** Each facet: the top values among the matches, most frequent first. */
export const ZCandidateFacets = z.object(Object.fromEntries(CandidateFacetNames.map((n) => [n, z.array(ZFacetCount)])) as Record<TCandidateFacetName, z.ZodArray<typeof ZFacetCount>>);
export type TCandidateFacets = z.infer<typeof ZCandidateFacets>;

export const ZCandidateSearchResult = z.object({
  items: z.array(ZCandidateSearchItem),
  total: z.number(),
  /** True when there are more matches than `total` (counting stops at `CandidateSearchLimits.maxCount`). */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The sort actually used. */
  sort: z.enum(CandidateSorts),
  facets: ZCandidateFacets,
  /** True when the facets were counted over the first `CandidateSearchLimits.facetWindow` matches only. */
  facetsApproximate: z.boolean(),
});
export type TCandidateSearchResult = z.infer<typeof ZCandidateSearchResult>;

// ---------- Saved searches (per user) ----------

export const ZSavedSearchRequest = z.object({
  name: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(CandidateSearchLimits.maxSavedSearchName, { error: 'is too long' }),
  query: ZCandidateSearchFilters,
});
export type TSavedSearchRequest = z.input<typeof ZSavedSearchRequest>;

export const ZSavedSearch = z.object({ id: z.string(), name: z.string(), query: ZCandidateSearchFilters, createdAt: z.string() });
export type TSavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearchList = z.object({ items: z.array(ZSavedSearch) });
export type TSavedSearchList = z.infer<typeof ZSavedSearchList>;
