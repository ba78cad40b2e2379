import { Types } from 'mongoose';
import type { TCandidateSummary, TCandidateFieldsParsed } from '@hireflow/contracts/candidates';
import type { TDuplicateList } from '@hireflow/contracts/candidates-intake';
import type { AuthContext } from '../../../lib/auth';
import { candidateMatchKeys } from '../candidate.model';
import { assertManagesCandidates, findVisibleCandidate } from '../candidates.access';
import { presentCandidateSummary } from '../candidate-summary';
import { createCandidate, presentDuplicates } from './create-candidate';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

/** The add form: a recruiter types a person in (source "sourced"). */
export async function addCandidate(auth: Caller, fields: TCandidateFieldsParsed): Promise<TCandidateSummary> {
  assertManagesCandidates(auth.user);
  const created = await createCandidate({ customerId: auth.customerId, by: auth.user._id, fields, source: 'sourced', consentSource: 'Added by a recruiter' });
  return presentCandidateSummary(created, false);
}

/** Likely duplicates of what the add form has typed so far. */
export async function checkDuplicates(auth: Caller, q: { email: string; phone: string; firstName: string; lastName: string; currentCompany: string }): Promise<TDuplicateList> {
  assertManagesCandidates(auth.user);
  const keys = candidateMatchKeys(q);
  return presentDuplicates(auth.customerId, { email: q.email, ...keys });
}

/** The profile's "likely duplicates" of one candidate. */
export async function duplicatesOf(auth: Caller, id: string): Promise<TDuplicateList> {
  assertManagesCandidates(auth.user);
  const { candidate } = await findVisibleCandidate(auth, id);
  if (candidate.mergedIntoId) return { items: [] };
  return presentDuplicates(auth.customerId, candidate);
}
