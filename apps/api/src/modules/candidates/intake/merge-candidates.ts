import mongoose, { Types, type ClientSession, type Model } from 'mongoose';
import { MergeMessages, type TMergeResult } from '@hireflow/contracts/candidates-intake';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { Job } from '../../jobs/job.model';
import { stageCountChanges } from '../../jobs/stage-counts';
import { withTransaction } from '../../jobs/with-transaction';
import { Application, type ApplicationDoc } from '../applications/application.model';
import { Candidate, type CandidateDoc } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { assertManagesCandidates, refreshCandidateJobs } from '../candidates.access';
import { refreshCandidateMatchKeys } from './create-candidate';

type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

/** The profile fields a merge fills on the survivor when it has them blank. */
const FillableFields = ['lastName', 'email', 'phone', 'location', 'currentTitle', 'currentCompany', 'experienceYears', 'consentAt', 'consentSource', 'unsubscribedAt'] as const;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Merges `otherId` INTO `id`: one person, one candidate, both histories kept. Applications move (when
 * both are on the same job the one further along the pipeline stays and the other is dropped, with the
 * job's counts corrected and the drop recorded); every other collection with a `candidateId` moves
 * over (stage events, timeline, notes, pins, and whatever later areas add); tags and skills are
 * unioned, blank fields filled, the résumé kept when the survivor has none. The other candidate keeps
 * its document with `mergedIntoId`, so old links lead to the survivor, and leaves every list.
 * Everything happens in one transaction.
 */
export async function mergeCandidates(auth: Caller, id: string, otherId: string): Promise<TMergeResult> {
  assertManagesCandidates(auth.user);
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Candidate');
  if (id === otherId) throw AppError.badRequest(MergeMessages.self);
  const { customerId } = auth;
  const by = auth.user._id;

  return withTransaction(async (session) => {
    // One operation at a time: a transaction's session carries no parallel operations.
    const load = async (x: string) => (await Candidate.findOne({ customerId, _id: new Types.ObjectId(x) }, null, { session }).lean()) as CandidateDoc | null;
    const survivor = await load(id);
    const other = await load(otherId);
    if (!survivor || !other) throw AppError.notFound('Candidate');
    if (survivor.mergedIntoId || other.mergedIntoId) throw AppError.conflict(MergeMessages.alreadyMerged);
    const at = new Date();

    const { moved, dropped } = await moveApplications({ customerId, survivor, other, session });
    await moveEverythingElse({ customerId, from: other._id, to: survivor._id, session });

    // Blank fields are filled, lists unioned; the other's email is freed first (it is unique per company).
    const fill: Record<string, unknown> = {};
    for (const f of FillableFields) if (isBlank(survivor[f]) && !isBlank(other[f])) fill[f] = other[f];
    // Consent travels whole (basis, date, source, expiry): the other's consent replaces a survivor that rests on
    // legitimate interest or on nothing, so the kept profile never mixes one's basis with the other's date.
    if (other.legalBasis === 'consent' && survivor.legalBasis !== 'consent') {
      Object.assign(fill, { legalBasis: 'consent', consentAt: other.consentAt, consentSource: other.consentSource, consentExpiresAt: other.consentExpiresAt });
    } else if (!survivor.legalBasis && other.legalBasis) {
      fill.legalBasis = other.legalBasis;
    }
    if (!survivor.resumeFileId && other.resumeFileId) {
      Object.assign(fill, { resumeFileId: other.resumeFileId, resumeFilename: other.resumeFilename, resumeText: other.resumeText, resumeTextState: other.resumeTextState });
    }
    // The survivor's spelling wins ("go" and "Go" are one skill).
    const union = (a: string[] = [], b: string[] = []) => {
      const seen = new Set(a.map((s) => s.toLowerCase()));
      return [...a, ...b.filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()))];
    };
    const notesText = [survivor.notesText, other.notesText].filter(Boolean).join('\n');
    await Candidate.updateOne(
      { customerId, _id: other._id },
      { $set: { mergedIntoId: survivor._id, email: '', phoneKey: '', nameKey: '', jobIds: [], stageKinds: [] } },
      { session },
    );
    await Candidate.updateOne(
      { customerId, _id: survivor._id },
      { $set: { ...fill, skills: union(survivor.skills, other.skills), tags: union(survivor.tags, other.tags), notesText } },
      { session },
    );
    await refreshCandidateMatchKeys(customerId, survivor._id, session);
    await refreshCandidateJobs(customerId, survivor._id, session);
    const otherName = `${other.firstName} ${other.lastName ?? ''}`.trim();
    await recordCandidateActivity(
      {
        customerId,
        candidateId: survivor._id,
        kind: 'merged',
        by,
        at,
        summary: `Merged with ${otherName}${other.email ? ` (${other.email})` : ''}`,
        data: {
          otherId: String(other._id),
          otherName,
          otherEmail: other.email ?? '',
          filled: Object.keys(fill),
          movedApplications: moved,
          droppedApplications: dropped,
        },
      },
      session,
    );
    return { candidateId: String(survivor._id), mergedId: String(other._id), movedApplications: moved.length, droppedApplications: dropped.length };
  });
}

type DroppedApplication = { applicationId: string; jobId: string; stageName: string; keptApplicationId: string };

async function moveApplications({ customerId, survivor, other, session }: { customerId: Types.ObjectId; survivor: CandidateDoc; other: CandidateDoc; session: ClientSession }) {
  const mine = await Application.find({ customerId, candidateId: survivor._id }, null, { session }).lean();
  const theirs = await Application.find({ customerId, candidateId: other._id }, null, { session }).lean();
  const mineByJob = new Map(mine.map((a) => [String(a.jobId), a]));
  const moved: string[] = [];
  const dropped: DroppedApplication[] = [];
  for (const app of theirs) {
    const clash = mineByJob.get(String(app.jobId));
    if (!clash) {
      await Application.updateOne({ customerId, _id: app._id }, { $set: { candidateId: survivor._id } }, { session });
      moved.push(String(app._id));
      continue;
    }
    // Both on the same job: keep the one further along; the other's stage leaves the job's counts.
    const job = await Job.findOne({ customerId, _id: app.jobId }, { stages: 1 }, { session }).lean();
    const position = (a: ApplicationDoc) => job?.stages.findIndex((s) => String(s._id) === String(a.stageId)) ?? -1;
    const [keep, drop] = position(app) > position(clash) ? [app, clash] : [clash, app];
    const stageName = job?.stages.find((s) => String(s._id) === String(drop.stageId))?.name ?? '';
    await Application.deleteOne({ customerId, _id: drop._id }, { session });
    await Job.updateOne({ customerId, _id: drop.jobId }, { $inc: { ...stageCountChanges([{ stage: { _id: drop.stageId, kind: drop.stageKind }, by: -1 }]), applicantCount: -1 } }, { session });
    if (keep._id.equals(app._id)) {
      await Application.updateOne({ customerId, _id: app._id }, { $set: { candidateId: survivor._id } }, { session });
      moved.push(String(app._id));
    }
    dropped.push({ applicationId: String(drop._id), jobId: String(drop.jobId), stageName, keptApplicationId: String(keep._id) });
  }
  return { moved, dropped };
}

/**
 * Every other model with a `candidateId` path moves to the survivor, found at merge time so areas added
 * later (notes, campaigns, files...) are covered without changing this file. Where a unique index
 * includes `candidateId` (pins: one per user and candidate), a row the survivor already has is dropped.
 */
async function moveEverythingElse({ customerId, from, to, session }: { customerId: Types.ObjectId; from: Types.ObjectId; to: Types.ObjectId; session: ClientSession }) {
  for (const name of mongoose.modelNames()) {
    if (name === 'Application' || name === 'Candidate') continue;
    const model = mongoose.model(name) as Model<Record<string, unknown>>;
    if (!model.schema.path('candidateId') || !model.schema.path('customerId')) continue;
    const uniqueKeys = model.schema
      .indexes()
      .filter(([fields, options]) => options?.unique && 'candidateId' in fields)
      .map(([fields]) => Object.keys(fields).filter((k) => k !== 'candidateId' && k !== 'customerId'));
    if (uniqueKeys.length === 0) {
      await model.updateMany({ customerId, candidateId: from }, { $set: { candidateId: to } }, { session });
      continue;
    }
    const rows = await model.find({ customerId, candidateId: from }, null, { session }).lean();
    for (const row of rows) {
      let clash = false;
      for (const keys of uniqueKeys) {
        const match = Object.fromEntries(keys.map((k) => [k, row[k]]));
        if (await model.exists({ ...match, customerId, candidateId: to }).session(session)) clash = true;
      }
      if (clash) await model.deleteOne({ customerId, _id: row._id }, { session });
      else await model.updateOne({ customerId, _id: row._id }, { $set: { candidateId: to } }, { session });
    }
  }
}
