import { Types } from 'mongoose';
import { CandidateSearchLimits, ZCandidateSearchFilters, type TSavedSearch, type TSavedSearchList } from '@hireflow/contracts/candidates-search';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { CandidateSavedSearch, type SavedSearchDoc } from './saved-search.model';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

function presentSavedSearch(s: SavedSearchDoc): TSavedSearch {
  return { id: String(s._id), name: s.name, query: ZCandidateSearchFilters.parse(s.query), createdAt: s.createdAt.toISOString() };
}

export async function listSavedSearches(auth: Caller): Promise<TSavedSearchList> {
  const rows = (await CandidateSavedSearch.find({ customerId: auth.customerId, userId: auth.user._id }).sort({ name: 1 }).lean()) as SavedSearchDoc[];
  return { items: rows.map(presentSavedSearch) };
}

/** Saves the query under a name; saving again under the same name replaces it. */
export async function saveSearch(auth: Caller, input: { name: string; query: z.output<typeof ZCandidateSearchFilters> }): Promise<TSavedSearch> {
  const scope = { customerId: auth.customerId, userId: auth.user._id };
  const exists = await CandidateSavedSearch.exists({ ...scope, name: input.name });
  if (!exists && (await CandidateSavedSearch.countDocuments(scope)) >= CandidateSearchLimits.maxSavedSearches) {
    throw AppError.badRequest(`You can keep at most ${CandidateSearchLimits.maxSavedSearches} saved searches; delete one first.`);
  }
  const saved = (await CandidateSavedSearch.findOneAndUpdate(
    { ...scope, name: input.name },
    { $set: { query: input.query }, $setOnInsert: { ...scope, name: input.name } },
    { upsert: true, new: true, lean: true },
  )) as SavedSearchDoc;
  return presentSavedSearch(saved);
}

export async function deleteSavedSearch(auth: Caller, id: string) {
  const result = await CandidateSavedSearch.deleteOne({ customerId: auth.customerId, userId: auth.user._id, _id: new Types.ObjectId(id) });
  if (result.deletedCount === 0) throw AppError.notFound('Saved search');
}
