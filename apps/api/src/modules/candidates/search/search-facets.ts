import { Types, type PipelineStage } from 'mongoose';
import {
  CandidateFacetNames, CandidateSearchLimits, ExperienceBuckets, LastActivityBucketDays, LastActivityBucketLabels, LastActivityBuckets,
  StageKindLabels, type TCandidateFacets, type TFacetCount,
} from '@hireflow/contracts/candidates-search';
import { ApplicationSourceLabels, type TApplicationSource } from '@hireflow/contracts/candidates';
import { Job } from '../../jobs/job.model';
import { Candidate } from '../candidate.model';
import type { CandidateView } from '../candidates.access';

const Day = 24 * 3600_000;
const top = (field: string, unwind: boolean, extra: PipelineStage.FacetPipelineStage[] = []): PipelineStage.FacetPipelineStage[] => [
  ...(unwind ? [{ $unwind: `$${field}` }] : []),
  ...extra,
  { $group: { _id: `$${field}`, count: { $sum: 1 } } },
  { $sort: { count: -1, _id: 1 } },
  { $limit: CandidateSearchLimits.facetValues },
];

/**
 * Counts every facet in one aggregate over the search's own filter: top values of skills, tags, source,
 * location, stage kind and job; buckets of experience, last activity and consent. The counting reads at most
 * `facetWindow` matches (the best-ranked when searching by words: `rankedIds`), so it stays bounded on a huge database.
 */
export async function countFacets(filter: Record<string, unknown>, view: CandidateView, now: Date, rankedIds?: Types.ObjectId[]): Promise<TCandidateFacets> {
  const since = (days: number) => new Date(now.getTime() - days * Day);
  const activityBranches = LastActivityBuckets.filter((b) => b !== 'older').map((b) => ({ case: { $gte: ['$lastActivityAt', since(LastActivityBucketDays[b][1]!)] }, then: b }));
  const experienceBranches = ExperienceBuckets.map((b) => ({
    case: { $and: [{ $isNumber: '$experienceYears' }, { $gte: ['$experienceYears', b.min] }, ...(b.max === null ? [] : [{ $lt: ['$experienceYears', b.max + 1] }])] },
    then: b.key,
  }));
  const pipeline: PipelineStage[] = [
    // A word search passes its best-ranked matches (scored once, by the caller); a filter counts its first matches.
    ...(rankedIds ? [{ $match: { customerId: filter.customerId, _id: { $in: rankedIds } } }] : [{ $match: filter }, { $limit: CandidateSearchLimits.facetWindow }]),
    // Only what the facets count travels on: never the résumé and notes text.
    { $project: { _id: 0, skills: 1, tags: 1, source: 1, location: 1, experienceYears: 1, stageKinds: 1, jobIds: 1, lastActivityAt: 1, consentAt: 1 } },
    {
      $facet: {
        skills: top('skills', true),
        tags: top('tags', true),
        source: top('source', false),
        location: top('location', false, [{ $match: { location: { $gt: '' } } }]),
        experience: [{ $group: { _id: { $switch: { branches: experienceBranches, default: 'unknown' } }, count: { $sum: 1 } } }],
        stageKind: top('stageKinds', true),
        // A hiring team member sees counts for their own jobs only, never which other jobs a candidate is on.
        jobId: top('jobIds', true, view.whole ? [] : [{ $match: { jobIds: { $in: view.jobIds } } }]),
        lastActivity: [{ $group: { _id: { $switch: { branches: activityBranches, default: 'older' } }, count: { $sum: 1 } } }],
        consent: [{ $group: { _id: { $cond: [{ $eq: [{ $ifNull: ['$consentAt', null] }, null] }, 'no', 'yes'] }, count: { $sum: 1 } } }],
      },
    },
  ];
  const [raw] = (await Candidate.aggregate(pipeline)) as [Record<string, { _id: unknown; count: number }[]>];
  return presentFacets(raw, filter.customerId as Types.ObjectId);

  async function presentFacets(rows: Record<string, { _id: unknown; count: number }[]>, customerId: Types.ObjectId): Promise<TCandidateFacets> {
    const plain = (name: string, label: (v: string) => string = (v) => v): TFacetCount[] =>
      (rows[name] ?? []).filter((r) => r._id !== null && r._id !== undefined && r._id !== '').map((r) => ({ value: String(r._id), label: label(String(r._id)), count: r.count }));
    const inOrder = (name: string, order: readonly string[], label: (v: string) => string): TFacetCount[] =>
      order.flatMap((v) => {
        const row = (rows[name] ?? []).find((r) => r._id === v);
        return row ? [{ value: v, label: label(v), count: row.count }] : [];
      });
    const jobRows = rows.jobId ?? [];
    const jobs = jobRows.length ? await Job.find({ customerId, _id: { $in: jobRows.map((r) => r._id as Types.ObjectId) } }, { title: 1 }).lean() : [];
    const titles = new Map(jobs.map((j) => [String(j._id), j.title as string]));
    const facets = {
      skills: plain('skills'),
      tags: plain('tags'),
      source: plain('source', (v) => ApplicationSourceLabels[v as TApplicationSource] ?? v),
      location: plain('location'),
      experience: inOrder('experience', [...ExperienceBuckets.map((b) => b.key), 'unknown'], (v) => ExperienceBuckets.find((b) => b.key === v)?.label ?? 'Not given'),
      stageKind: plain('stageKind', (v) => StageKindLabels[v as keyof typeof StageKindLabels] ?? v),
      jobId: plain('jobId', (v) => titles.get(v) ?? 'Job'),
      lastActivity: inOrder('lastActivity', LastActivityBuckets, (v) => LastActivityBucketLabels[v as keyof typeof LastActivityBucketLabels]),
      consent: inOrder('consent', ['yes', 'no'], (v) => (v === 'yes' ? 'Consent given' : 'No consent recorded')),
    };
    return Object.fromEntries(CandidateFacetNames.map((n) => [n, facets[n]])) as TCandidateFacets;
  }
}
