import type { Types } from 'mongoose';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Application } from '../modules/candidates/applications/application.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { recordCandidateActivity } from '../modules/candidates/candidate-activity';
import { CandidatePin } from '../modules/candidates/pins/candidate-pin.model';
import { CandidateNote } from '../modules/candidates/profile/candidate-note.model';
import { CandidateMention } from '../modules/candidates/profile/candidate-mention.model';

const HOUR = 3600_000;

/**
 * Notes (one mentioning the hiring manager, unread on his dashboard) and pinned profiles for Acme's demo
 * recruiter, on candidates that already exist. Runs after the candidates are seeded; no mail is sent.
 */
export async function seedCandidateProfiles({ now = new Date() }: { now?: Date } = {}) {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return;
  const customerId = customer._id;
  if (await CandidateNote.exists({ customerId })) return;
  const [recruiter, hm] = await Promise.all([
    User.findOne({ customerId, email: 'recruiter@acme.test' }).lean(),
    User.findOne({ customerId, email: 'hm@acme.test' }).lean(),
  ]);
  if (!recruiter || !hm) return;

  // Candidates on the hiring manager's jobs, so that he can open what he is mentioned on.
  const hmJobs = await Job.find({ customerId, memberIds: hm._id }, { _id: 1, title: 1 }).lean();
  const applications = await Application.find({ customerId, jobId: { $in: hmJobs.map((j) => j._id) } }, { candidateId: 1, jobId: 1 }).sort({ appliedAt: -1 }).limit(6).lean();
  const others = await Candidate.find({ customerId, mergedIntoId: null, _id: { $nin: applications.map((a) => a.candidateId) } }, { _id: 1 }).sort({ _id: 1 }).limit(4).lean();
  if (applications.length === 0) return;
  const title = (jobId: Types.ObjectId) => hmJobs.find((j) => j._id.equals(jobId))?.title ?? 'the role';

  const notes: { candidateId: Types.ObjectId; application?: { _id: Types.ObjectId; jobId: Types.ObjectId }; by: Types.ObjectId; text: string; mention?: Types.ObjectId; hoursAgo: number }[] = [];
  const [first, second, third] = applications;
  notes.push({
    candidateId: first!.candidateId,
    application: first,
    by: recruiter._id,
    text: `Very strong phone screen for ${title(first!.jobId)}: clear on system design, asks good questions.\n@Hank Manager could you take the technical interview this week?`,
    mention: hm._id,
    hoursAgo: 5,
  });
  notes.push({ candidateId: first!.candidateId, by: recruiter._id, text: 'Prefers hybrid work, two days in the office at most. Notice period: one month.', hoursAgo: 30 });
  if (second) notes.push({ candidateId: second.candidateId, application: second, by: hm._id, text: 'Good portfolio. Keep warm for the next opening if this one does not work out.', hoursAgo: 50 });
  if (third) notes.push({ candidateId: third.candidateId, by: recruiter._id, text: 'Met at the Berlin meetup; open to a move in spring.', hoursAgo: 80 });

  for (const n of notes) {
    const at = new Date(now.getTime() - n.hoursAgo * HOUR);
    const [note] = await CandidateNote.create([
      { customerId, candidateId: n.candidateId, applicationId: n.application?._id ?? null, jobId: n.application?.jobId ?? null, text: n.text, by: n.by, mentionIds: n.mention ? [n.mention] : [], at },
    ]);
    if (n.mention) await CandidateMention.create({ customerId, userId: n.mention, candidateId: n.candidateId, noteId: note!._id, by: n.by, at });
    await recordCandidateActivity({
      customerId,
      candidateId: n.candidateId,
      kind: 'note_added',
      by: n.by,
      at,
      applicationId: n.application?._id ?? null,
      jobId: n.application?.jobId ?? null,
      summary: n.mention ? 'Note mentioning Hank Manager' : 'Note added',
      data: { noteId: String(note!._id), text: n.text },
    });
  }
  for (const candidateId of new Set(notes.map((n) => String(n.candidateId)))) {
    const texts = notes.filter((n) => String(n.candidateId) === candidateId).sort((a, b) => b.hoursAgo - a.hoursAgo).map((n) => n.text);
    await Candidate.updateOne({ customerId, _id: candidateId }, { $set: { notesText: texts.join('\n\n') } });
  }

  const pinnedByRecruiter = [...applications.slice(0, 3).map((a) => a.candidateId), ...others.slice(0, 2).map((c) => c._id)];
  await CandidatePin.insertMany([
    ...[...new Map(pinnedByRecruiter.map((id) => [String(id), id])).values()].map((candidateId, i) => ({ customerId, userId: recruiter._id, candidateId, at: new Date(now.getTime() - (i + 1) * 24 * HOUR) })),
    { customerId, userId: hm._id, candidateId: first!.candidateId, at: new Date(now.getTime() - 2 * HOUR) },
  ]);
}
