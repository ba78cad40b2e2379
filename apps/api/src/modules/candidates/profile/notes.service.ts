import { Types } from 'mongoose';
import { CandidateProfileLimits, CandidateProfileMessages, type TCandidateNote, type TCandidateNotes, type TMentions } from '@hireflow/contracts/candidates-profile';
import { AppError } from '../../../lib/app-error';
import type { JobsMailContext } from '../../jobs/jobs.mail';
import { withTransaction } from '../../jobs/with-transaction';
import { User, type UserDoc } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { Application } from '../applications/application.model';
import { Candidate } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { findVisibleCandidate, seesWholeDatabase } from '../candidates.access';
import { CandidateMention } from './candidate-mention.model';
import { CandidateNote, type CandidateNoteDoc } from './candidate-note.model';
import { excerptOf, mailMention } from './notes.mail';
import { refreshNotesText } from './notes-text';
import { findLiveCandidate, jobScope, type Caller } from './profile.service';
import { jobTitles, refOf, userNames } from './profile-names';

type NoteInput = { text: string; applicationId?: string | null; mentionIds: string[] };

const fullName = (u: { firstName: string; lastName?: string | null }) => `${u.firstName} ${u.lastName ?? ''}`.trim();

/**
 * A note on a candidate, optionally about one application. Hiring managers and interviewers write notes
 * about the applications of their jobs (the only ones they see). Colleagues named in it (active users of
 * this company) get a mail and an item on their dashboard. The candidate's `notesText` follows, for search.
 */
export async function addNote(auth: Caller, mail: JobsMailContext, id: string, input: NoteInput): Promise<TCandidateNote> {
  const { candidate, view } = await findLiveCandidate(auth, id);
  let application: { _id: Types.ObjectId; jobId: Types.ObjectId } | null = null;
  if (input.applicationId) {
    application = await Application.findOne({ customerId: auth.customerId, candidateId: candidate._id, _id: new Types.ObjectId(input.applicationId), ...jobScope(view) }, { jobId: 1 }).lean();
    if (!application) throw AppError.notFound('Application');
  } else if (!view.whole) {
    throw AppError.badRequest(CandidateProfileMessages.noteNeedsApplication);
  }
  const mentionIds = [...new Set(input.mentionIds)].map((m) => new Types.ObjectId(m));
  const mentioned = mentionIds.length ? await User.find({ customerId: auth.customerId, _id: { $in: mentionIds }, status: 'active' }, { firstName: 1, lastName: 1, role: 1, admin: 1, superUser: 1 }).lean() : [];
  if (mentioned.length !== mentionIds.length) throw AppError.badRequest(CandidateProfileMessages.mentionNotColleague);
  await assertMentionedCanSee(auth.customerId, candidate.jobIds, mentioned);

  const at = new Date();
  const note = await withTransaction(async (session) => {
    const [created] = await CandidateNote.create(
      [{ customerId: auth.customerId, candidateId: candidate._id, applicationId: application?._id ?? null, jobId: application?.jobId ?? null, text: input.text, by: auth.user._id, mentionIds, at }],
      { session },
    );
    await refreshNotesText(auth.customerId, candidate._id, session);
    await recordCandidateActivity(
      {
        customerId: auth.customerId,
        candidateId: candidate._id,
        kind: 'note_added',
        by: auth.user._id,
        at,
        applicationId: application?._id ?? null,
        jobId: application?.jobId ?? null,
        summary: mentioned.length ? `Note mentioning ${mentioned.map(fullName).join(', ')}` : 'Note added',
        data: { noteId: String(created._id), text: input.text },
      },
      session,
    );
    const others = mentionIds.filter((m) => !m.equals(auth.user._id));
    if (others.length) {
      await CandidateMention.insertMany(
        others.map((userId) => ({ customerId: auth.customerId, userId, candidateId: candidate._id, noteId: created._id, by: auth.user._id, at })),
        { session },
      );
    }
    return created.toObject() as CandidateNoteDoc;
  });

  // Mail goes out after the commit: a mail about a note that was rolled back would point at nothing.
  const candidateName = fullName(candidate);
  for (const m of mentioned) {
    if (m._id.equals(auth.user._id)) continue;
    await mailMention(mail, { customerId: auth.customerId, userId: m._id, authorName: fullName(auth.user), candidateName, candidateId: candidate._id, text: input.text });
  }
  return (await presentNotes(auth.customerId, [note]))[0]!;
}

/** A mention links to the profile: colleagues who could not open it are refused by name. */
async function assertMentionedCanSee(customerId: Types.ObjectId, jobIds: Types.ObjectId[], users: (Pick<UserDoc, 'role' | 'admin' | 'superUser' | 'firstName' | 'lastName'> & { _id: Types.ObjectId })[]) {
  const limited = users.filter((u) => !seesWholeDatabase(u));
  if (limited.length === 0) return;
  const jobs = await Job.find({ customerId, _id: { $in: jobIds }, memberIds: { $in: limited.map((u) => u._id) } }, { memberIds: 1 }).lean();
  const members = new Set(jobs.flatMap((j) => j.memberIds.map(String)));
  const blind = limited.find((u) => !members.has(String(u._id)));
  if (blind) throw AppError.badRequest(CandidateProfileMessages.mentionCannotSee(fullName(blind)));
}

/** The notes the caller may see, newest first. */
export async function listNotes(auth: Caller, id: string): Promise<TCandidateNotes> {
  const { candidate, view } = await findVisibleCandidate(auth, id);
  const notes = await CandidateNote.find({ customerId: auth.customerId, candidateId: candidate._id, ...jobScope(view) })
    .sort({ at: -1, _id: -1 })
    .limit(CandidateProfileLimits.notesPageSize)
    .lean();
  return { items: await presentNotes(auth.customerId, notes as CandidateNoteDoc[]) };
}

async function presentNotes(customerId: Types.ObjectId, notes: CandidateNoteDoc[]): Promise<TCandidateNote[]> {
  const [users, jobs] = await Promise.all([userNames(customerId, notes.flatMap((n) => [n.by, ...n.mentionIds])), jobTitles(customerId, notes.map((n) => n.jobId))]);
  return notes.map((n) => ({
    id: String(n._id),
    text: n.text,
    at: n.at.toISOString(),
    by: refOf(users, n.by),
    applicationId: n.applicationId ? String(n.applicationId) : null,
    job: refOf(jobs, n.jobId),
    mentions: n.mentionIds.flatMap((m) => refOf(users, m) ?? []),
  }));
}

/** My unread mentions, newest first, for the dashboard. */
export async function listMyMentions(auth: Caller): Promise<TMentions> {
  const filter = { customerId: auth.customerId, userId: auth.user._id, readAt: null };
  const [rows, unread] = await Promise.all([
    CandidateMention.find(filter).sort({ at: -1 }).limit(CandidateProfileLimits.mentionsShown).lean(),
    CandidateMention.countDocuments(filter),
  ]);
  const [users, candidates, notes] = await Promise.all([
    userNames(auth.customerId, rows.map((r) => r.by)),
    Candidate.find({ customerId: auth.customerId, _id: { $in: rows.map((r) => r.candidateId) } }, { firstName: 1, lastName: 1 }).lean(),
    CandidateNote.find({ customerId: auth.customerId, _id: { $in: rows.map((r) => r.noteId) } }, { text: 1 }).lean(),
  ]);
  const candidateById = new Map(candidates.map((c) => [String(c._id), { id: String(c._id), name: fullName(c) }]));
  const textById = new Map(notes.map((n) => [String(n._id), n.text]));
  return {
    items: rows.flatMap((r) => {
      const candidate = candidateById.get(String(r.candidateId));
      return candidate ? [{ id: String(r._id), candidate, by: refOf(users, r.by), at: r.at.toISOString(), excerpt: excerptOf(textById.get(String(r.noteId)) ?? '') }] : [];
    }),
    unread,
  };
}

export async function markMentionRead(auth: Caller, id: string) {
  const result = await CandidateMention.updateOne({ customerId: auth.customerId, userId: auth.user._id, _id: new Types.ObjectId(id) }, { $set: { readAt: new Date() } });
  if (result.matchedCount === 0) throw AppError.notFound('Mention');
  return { read: true };
}
