import { Types } from 'mongoose';
import { presentCandidateSummary } from '../candidate-summary';
import { CandidateProfileMessages, type TCandidateProfile, type TCandidateProfileResponse, type TUpdateCandidateParsed } from '@hireflow/contracts/candidates-profile';
import { PrivacyMessages } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { Job } from '../../jobs/job.model';
import { Application } from '../applications/application.model';
import { Candidate, candidateMatchKeys, type CandidateDoc } from '../candidate.model';
import { CandidateActivity } from '../candidate-activity.model';
import { recordCandidateActivity } from '../candidate-activity';
import { assertManagesCandidates, candidateViewOf, findVisibleCandidate, seesWholeDatabase, type CandidateView } from '../candidates.access';
import { CandidatePin } from '../pins/candidate-pin.model';

export type Caller = Pick<AuthContext, 'user'> & { customerId: Types.ObjectId };

/** Looking at the same profile again within this time writes no second audit entry. */
export const ViewAuditWindowMs = 60 * 60_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Only the jobs a limited viewer is on; everything for those who see the whole database. */
export const jobScope = (view: CandidateView) => (view.whole ? {} : { jobId: { $in: view.jobIds } });

/** A visible candidate that was not merged away (merged ones are read-only: their history moved on). */
export async function findLiveCandidate(auth: Caller, id: string) {
  const found = await findVisibleCandidate(auth, id);
  if (found.candidate.mergedIntoId) throw AppError.conflict('This candidate was merged into another profile.', { mergedIntoId: String(found.candidate.mergedIntoId) });
  // An erased person stays erased: nothing personal is written to the record again.
  if (found.candidate.erasedAt) throw AppError.conflict(PrivacyMessages.alreadyErased);
  return found;
}

export async function presentProfile(auth: Caller, candidate: CandidateDoc, view: CandidateView): Promise<TCandidateProfile> {
  const [applications, pinned] = await Promise.all([
    Application.find({ customerId: auth.customerId, candidateId: candidate._id, ...jobScope(view) }).sort({ appliedAt: -1 }).lean(),
    CandidatePin.exists({ customerId: auth.customerId, userId: auth.user._id, candidateId: candidate._id }),
  ]);
  const jobs = await Job.find({ customerId: auth.customerId, _id: { $in: applications.map((a) => a.jobId) } }, { title: 1, status: 1, stages: 1 }).lean();
  const jobById = new Map(jobs.map((j) => [String(j._id), j]));
  return {
    ...presentCandidateSummary(candidate, Boolean(pinned)),
    mergedIntoId: null,
    consentAt: iso(candidate.consentAt),
    consentSource: candidate.consentSource ?? '',
    legalBasis: candidate.legalBasis ?? null,
    consentExpiresAt: iso(candidate.consentExpiresAt),
    erasedAt: iso(candidate.erasedAt),
    unsubscribedAt: iso(candidate.unsubscribedAt),
    resume: candidate.resumeFileId ? { fileId: candidate.resumeFileId, filename: candidate.resumeFilename || 'resume', textState: candidate.resumeTextState ?? 'none' } : null,
    applications: applications.flatMap((a) => {
      const job = jobById.get(String(a.jobId));
      if (!job) return [];
      const stage = job.stages.find((s) => s._id.equals(a.stageId));
      return [
        {
          id: String(a._id),
          job: { id: String(job._id), title: job.title, status: job.status },
          stage: { id: String(a.stageId), name: stage?.name ?? 'Unknown stage', kind: stage?.kind ?? a.stageKind },
          source: a.source,
          appliedAt: a.appliedAt.toISOString(),
          withdrawn: a.withdrawn ?? false,
        },
      ];
    }),
    limited: !view.whole,
    canEdit: seesWholeDatabase(auth.user),
  };
}

/**
 * The profile, as far as the caller may see it. Opening it is audited (the privacy trail), at most once
 * an hour per person so that reloading does not flood the timeline. A merged-away candidate answers with
 * the one it was merged into, when the caller may see that one.
 */
export async function getProfile(auth: Caller, id: string): Promise<TCandidateProfileResponse> {
  const view = await candidateViewOf(auth);
  if (Types.ObjectId.isValid(id)) {
    const raw = await Candidate.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(id) }, { mergedIntoId: 1 }).lean();
    if (raw?.mergedIntoId) {
      const { candidate: survivor } = await findVisibleCandidate(auth, String(raw.mergedIntoId), view);
      return { id, mergedIntoId: String(survivor._id) };
    }
  }
  const { candidate } = await findVisibleCandidate(auth, id, view);
  // An erased candidate (privacy/erasure) is the anonymous name and nothing else: no personal data is viewed.
  if (candidate.erasedAt) return { ...(await presentProfile(auth, candidate, view)), applications: [], resume: null, consentAt: null, consentSource: '', unsubscribedAt: null, canEdit: false };
  await auditView(auth, candidate._id);
  return presentProfile(auth, candidate, view);
}

async function auditView(auth: Caller, candidateId: Types.ObjectId) {
  const now = new Date();
  const recent = await CandidateActivity.exists({ customerId: auth.customerId, candidateId, kind: 'viewed', by: auth.user._id, at: { $gte: new Date(now.getTime() - ViewAuditWindowMs) } });
  if (recent) return;
  const name = `${auth.user.firstName} ${auth.user.lastName ?? ''}`.trim();
  await recordCandidateActivity({ customerId: auth.customerId, candidateId, kind: 'viewed', by: auth.user._id, at: now, summary: `Profile viewed by ${name}` });
}

const FieldLabels: Record<keyof TUpdateCandidateParsed, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  currentTitle: 'current title',
  currentCompany: 'current company',
  experienceYears: 'experience',
  skills: 'skills',
  tags: 'tags',
};

/**
 * A recruiter's edit of the candidate's own fields. Only what changed is written and put on the timeline
 * (old -> new); an email that is another candidate's answers 409 naming them.
 */
export async function updateProfile(auth: Caller, id: string, input: TUpdateCandidateParsed): Promise<TCandidateProfile> {
  assertManagesCandidates(auth.user);
  const { candidate, view } = await findLiveCandidate(auth, id);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(input) as [keyof TUpdateCandidateParsed, unknown][]) {
    if (value === undefined) continue;
    const before = (candidate as Record<string, unknown>)[key] ?? (key === 'experienceYears' ? null : Array.isArray(value) ? [] : '');
    if (JSON.stringify(before) !== JSON.stringify(value)) changes[key] = { from: before, to: value };
  }
  if (Object.keys(changes).length === 0) return presentProfile(auth, candidate, view);

  if (changes.email && input.email) await assertEmailFree(auth.customerId, candidate._id, input.email);
  const next = { ...candidate, ...Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])) } as CandidateDoc;
  const set = { ...Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])), ...candidateMatchKeys({ firstName: next.firstName, lastName: next.lastName ?? '', phone: next.phone ?? '', currentCompany: next.currentCompany ?? '' }) };
  try {
    await Candidate.updateOne({ customerId: auth.customerId, _id: candidate._id }, { $set: set });
  } catch (error) {
    // Someone else took the email meanwhile: the unique index decides, and the answer is the same 409.
    if ((error as { code?: number }).code === 11000 && input.email) await assertEmailFree(auth.customerId, candidate._id, input.email);
    throw error;
  }
  const labels = Object.keys(changes).map((k) => FieldLabels[k as keyof TUpdateCandidateParsed]);
  await recordCandidateActivity({
    customerId: auth.customerId,
    candidateId: candidate._id,
    kind: 'profile_updated',
    by: auth.user._id,
    summary: `Changed ${labels.join(', ')}`,
    data: { changes },
  });
  const updated = (await Candidate.findOne({ customerId: auth.customerId, _id: candidate._id }).lean()) as CandidateDoc;
  return presentProfile(auth, updated, view);
}

async function assertEmailFree(customerId: Types.ObjectId, selfId: Types.ObjectId, email: string) {
  const other = await Candidate.findOne({ customerId, email, _id: { $ne: selfId } }, { firstName: 1, lastName: 1 }).lean();
  if (!other) return;
  const name = `${other.firstName} ${other.lastName ?? ''}`.trim();
  throw AppError.conflict(CandidateProfileMessages.emailTaken(name), { candidateId: String(other._id), name });
}
