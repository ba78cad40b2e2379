import { Types } from 'mongoose';
import { LastActivityBucketDays, type TCandidateSearchFilters } from '@hireflow/contracts/candidates-search';
import type { CandidateView } from '../candidates.access';
import { visibleCandidatesFilter } from '../candidates.access';
import { phoneDigitsOf } from './highlights';

const Day = 24 * 3600_000;

/** How the search words are matched: the text index, a phone number, or not at all. */
export type SearchMode = { kind: 'none' } | { kind: 'text'; q: string } | { kind: 'phone'; digits: string };

export function searchModeOf(q: string): SearchMode {
  if (!q) return { kind: 'none' };
  const digits = phoneDigitsOf(q);
  return digits ? { kind: 'phone', digits } : { kind: 'text', q };
}

/**
 * The MongoDB filter of a search: always what the caller may see (company, not merged away, their jobs only
 * for hiring teams), then the words and every filter. `$text` sits at the top level so the text index serves it.
 */
export function candidateSearchFilter(customerId: Types.ObjectId, view: CandidateView, query: TCandidateSearchFilters, mode: SearchMode, now: Date) {
  const filter: Record<string, unknown> = visibleCandidatesFilter(customerId, view);
  if (mode.kind === 'text') filter.$text = { $search: mode.q };
  // phoneKey holds the last 10 digits: a full number matches it exactly, a shorter one as its end.
  if (mode.kind === 'phone') filter.phoneKey = mode.digits.length >= 10 ? mode.digits.slice(-10) : { $regex: `${mode.digits}$` };
  // One value is a plain equality (an index answers it exactly), several an $all or $in.
  const anyOf = (values: string[]) => (values.length === 1 ? values[0] : { $in: values });
  const allOf = (values: string[]) => (values.length === 1 ? values[0] : { $all: values });
  if (query.skills.length) filter.skills = allOf(query.skills);
  if (query.tags.length) filter.tags = allOf(query.tags);
  if (query.source.length) filter.source = anyOf(query.source);
  if (query.location.length) filter.location = anyOf(query.location);
  if (query.stageKind.length) filter.stageKinds = anyOf(query.stageKind);
  if (query.jobId.length) {
    const asked = query.jobId.map((id) => new Types.ObjectId(id));
    // A hiring team member asking for a job they are not on gets nobody from it.
    filter.jobIds = { $in: view.whole ? asked : asked.filter((j) => view.jobIds.some((v) => v.equals(j))) };
  }
  if (query.experienceMin !== undefined || query.experienceMax !== undefined) {
    filter.experienceYears = { ...(query.experienceMin !== undefined && { $gte: query.experienceMin }), ...(query.experienceMax !== undefined && { $lte: query.experienceMax }) };
  }
  if (query.consent) filter.consentAt = query.consent === 'yes' ? { $ne: null } : null;
  if (query.lastActivity.length) {
    const ranges = query.lastActivity.map((b) => {
      const [fromDays, toDays] = LastActivityBucketDays[b];
      return { lastActivityAt: { ...(toDays !== null && { $gte: new Date(now.getTime() - toDays * Day) }), ...(fromDays > 0 && { $lt: new Date(now.getTime() - fromDays * Day) }) } };
    });
    if (ranges.length === 1) Object.assign(filter, ranges[0]);
    else filter.$or = ranges;
  }
  return filter;
}
