import { Types, type ClientSession } from 'mongoose';
import { CandidateDatabase } from '@hireflow/contracts/candidates';
import type { TBulkAddToJobResult, TBulkTagsResult } from '@hireflow/contracts/candidates-bulk';
import type { AuthContext } from '../../../lib/auth';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { assertManagesCandidates, candidateViewOf, visibleCandidatesFilter } from '../candidates.access';
import { addCandidatesToJob, findJobTakingCandidates } from '../applications/add-to-job';

export type BulkCaller = Pick<AuthContext, 'user'> & { customerId: Types.ObjectId };

/**
 * The candidates of `ids` the caller may change: recruiters, admins and super users only (403 otherwise),
 * and only their own company's candidates that are not merged away. Other ids are counted as not found,
 * never told apart: an id from another company looks exactly like one that does not exist.
 */
export async function bulkTargets<P extends keyof CandidateDoc>(caller: BulkCaller, ids: string[], fields: P[]) {
  assertManagesCandidates(caller.user);
  const filter = visibleCandidatesFilter(caller.customerId, await candidateViewOf(caller));
  const projection = Object.fromEntries(fields.map((f) => [f, 1]));
  const found = await Candidate.find({ ...filter, _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, projection).lean<(Pick<CandidateDoc, P> & { _id: Types.ObjectId })[]>();
  return { found, notFound: ids.length - found.length };
}

const tagKey = (tag: string) => tag.toLowerCase();

export type TagChange = { _id: Types.ObjectId; tags: string[]; added: string[]; removed: string[] };

/**
 * What adding and removing tags does to each candidate (tags compare without case; an added tag keeps its
 * first spelling). Candidates that would pass CandidateDatabase.maxTags are left out and listed apart.
 */
export function planTagChanges(candidates: { _id: Types.ObjectId; tags: string[] }[], { add, remove }: { add: string[]; remove: string[] }) {
  const removing = new Set(remove.map(tagKey));
  const adding = [...new Map(add.filter((t) => !removing.has(tagKey(t))).map((t) => [tagKey(t), t])).values()];
  const changed: TagChange[] = [];
  const tooManyTags: Types.ObjectId[] = [];
  for (const c of candidates) {
    const kept = c.tags.filter((t) => !removing.has(tagKey(t)));
    const have = new Set(kept.map(tagKey));
    const added = adding.filter((t) => !have.has(tagKey(t)));
    const removed = c.tags.filter((t) => removing.has(tagKey(t)));
    if (kept.length + added.length > CandidateDatabase.maxTags) tooManyTags.push(c._id);
    else if (added.length || removed.length) changed.push({ _id: c._id, tags: [...kept, ...added], added, removed });
  }
  return { changed, tooManyTags };
}

/** Writes planned tag changes and puts each on its candidate's timeline. */
export async function writeTagChanges({ customerId, by, changed }: { customerId: Types.ObjectId; by: Types.ObjectId; changed: TagChange[] }, session?: ClientSession) {
  if (changed.length === 0) return;
  await Candidate.bulkWrite(changed.map((c) => ({ updateOne: { filter: { customerId, _id: c._id }, update: { $set: { tags: c.tags } } } })), { session });
  const describe = (c: TagChange) => [c.added.length ? `added ${c.added.join(', ')}` : '', c.removed.length ? `removed ${c.removed.join(', ')}` : ''].filter(Boolean).join('; ');
  await recordCandidateActivity(
    changed.map((c) => ({ customerId, candidateId: c._id, kind: 'profile_updated' as const, by, summary: `Tags ${describe(c)}`, data: { fields: ['tags'], added: c.added, removed: c.removed } })),
    session,
  );
}

/** Adds and removes tags on each candidate. */
export async function bulkTags(caller: BulkCaller, { candidateIds, add, remove }: { candidateIds: string[]; add: string[]; remove: string[] }): Promise<TBulkTagsResult> {
  const { found, notFound } = await bulkTargets(caller, candidateIds, ['tags']);
  const { changed, tooManyTags } = planTagChanges(found, { add, remove });
  await writeTagChanges({ customerId: caller.customerId, by: caller.user._id, changed });
  return { updated: changed.length, notFound, tooManyTags: tooManyTags.length };
}

export async function bulkAddToJob(caller: BulkCaller, { candidateIds, jobId }: { candidateIds: string[]; jobId: string }): Promise<TBulkAddToJobResult> {
  assertManagesCandidates(caller.user);
  const job = await findJobTakingCandidates(caller.customerId, jobId);
  const { found, notFound } = await bulkTargets(caller, candidateIds, ['firstName', 'lastName', 'email', 'phone', 'resumeFileId', 'resumeFilename']);
  if (found.length === 0) return { added: 0, alreadyOnJob: 0, notFound };
  const result = await addCandidatesToJob({ customerId: caller.customerId, job, candidates: found, by: caller.user._id });
  return { ...result, notFound };
}
