import { randomUUID } from 'node:crypto';
import { Types, type ClientSession } from 'mongoose';
import type { z } from 'zod';
import { InterviewMessages, type ZScheduleInterviewRequest } from '@hireflow/contracts/interviews';
import type { TInterviewStatusRequest, TInvitationMailOutcome, TScheduleInterviewResponse, ZCancelInterviewRequest, ZRescheduleInterviewRequest } from '@hireflow/contracts/interviews-scheduling';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { AppError } from '../../../lib/app-error';
import { sendMail, type Mail, type MailContext } from '../../../lib/mailer';
import type { JobDoc } from '../../jobs/job.model';
import { withTransaction } from '../../jobs/with-transaction';
import { User } from '../../users/user.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { Interview, type InterviewDoc } from '../interview.model';
import { findVisibleInterview } from '../interviews.access';
import { presentInterviews } from '../interview.presenter';
import { recordInterviewChanges } from '../interview-history';
import {
  activeInterviewers, assertMaySchedule, assertRoomFree, claimRoom, conflictsFor, findSchedulableApplication, refuseUnacknowledged, roomOfCompany, roundOfJob, type Caller,
} from './schedule-checks';
import { queueCalendarSync } from '../../integrations/calendar/calendar-events.job';
import { brandMailOf } from '../../company/brand';
import { buildInvitationMails, formatInterviewTime, loadInvitationContext, findInterviewTemplate, type InvitationChange, type InvitationDraft } from './invitation';

type ScheduleInput = z.output<typeof ZScheduleInterviewRequest>;
type RescheduleInput = z.output<typeof ZRescheduleInterviewRequest>;
type CancelInput = z.output<typeof ZCancelInterviewRequest>;

/** What every change needs besides its input: the caller, the app clock, where links point, how mail goes out. */
export type ChangeContext = { auth: Caller; now: Date; publicUrl: string; mail: MailContext };

const minutes = (n: number) => n * 60_000;
const hostOf = (publicUrl: string) => {
  try {
    return new URL(publicUrl).host || 'hireflow.local';
  } catch {
    return 'hireflow.local';
  }
};

function assertFuture(start: Date, now: Date) {
  if (start.getTime() < now.getTime()) throw AppError.badRequest('start: must not be in the past');
}

/** Sends the change's mails one by one through the mail queue (first attempt at once, retries in the background). */
async function deliver(
  ctx: ChangeContext, mails: { candidate: Mail | null; interviewers: Mail[] }, notifyCandidate: boolean, hasEmail: boolean,
  interview: Pick<InterviewDoc, 'customerId' | 'candidateId' | 'applicationId' | 'jobId'>, senderId: Types.ObjectId,
): Promise<TInvitationMailOutcome> {
  const failed: string[] = [];
  let candidate: TInvitationMailOutcome['candidate'] = !notifyCandidate ? 'not_notified' : hasEmail ? 'sent' : 'no_email';
  if (mails.candidate) {
    const branded = await brandMailOf(interview.customerId, ctx.publicUrl, mails.candidate, { candidateId: interview.candidateId });
    const outcome = await sendMail(ctx.mail, { ...branded, sendAs: { customerId: String(interview.customerId), userId: String(senderId) } });
    // Like every mail to a candidate, it goes on their timeline.
    await recordCandidateActivity({
      customerId: interview.customerId, candidateId: interview.candidateId, kind: 'email_sent', by: senderId, applicationId: interview.applicationId, jobId: interview.jobId,
      summary: `Mail: ${mails.candidate.subject}`, data: { subject: mails.candidate.subject },
    });
    if (!outcome.delivered) {
      candidate = 'failed';
      failed.push(mails.candidate.to);
    }
  }
  let interviewersSent = 0;
  for (const mail of mails.interviewers) {
    const outcome = await sendMail(ctx.mail, mail);
    if (outcome.delivered) interviewersSent += 1;
    else failed.push(mail.to);
  }
  return { candidate, interviewersSent, failed };
}

const draftOf = (i: Pick<InterviewDoc, 'uid' | 'sequence' | 'roundName' | 'start' | 'durationMinutes' | 'timeZone' | 'mode' | 'roomId' | 'videoLink' | 'phone' | 'interviewerIds'>): InvitationDraft => ({
  uid: i.uid, sequence: i.sequence, roundName: i.roundName, start: i.start, durationMinutes: i.durationMinutes, timeZone: i.timeZone,
  mode: i.mode as InvitationDraft['mode'], roomId: i.roomId ?? null, videoLink: i.videoLink, phone: i.phone, interviewerIds: i.interviewerIds,
});

async function mailChange(
  ctx: ChangeContext,
  { interview, job, senderId, change, notifyCandidate, reason, removedIds = [] }: {
    interview: InterviewDoc; job: Pick<JobDoc, '_id' | 'title'>; senderId: Types.ObjectId; change: InvitationChange; notifyCandidate: boolean; reason?: string; removedIds?: Types.ObjectId[];
  },
) {
  const invitation = await loadInvitationContext(interview.customerId, {
    job, candidateId: interview.candidateId, senderId, interviewerIds: [...interview.interviewerIds, ...removedIds], roomId: interview.roomId ?? null,
    templateId: null, publicUrl: ctx.publicUrl,
  });
  // A template deleted since the interview was booked: the built-in invitation text takes its place.
  if (interview.templateId) invitation.template = await findInterviewTemplate(interview.customerId, interview.templateId).catch(() => null);
  const removed = invitation.interviewers.filter((p) => removedIds.some((id) => id.equals(p.id)));
  invitation.interviewers = invitation.interviewers.filter((p) => !removedIds.some((id) => id.equals(p.id)));
  const scorecardUrl = `${ctx.publicUrl}${buildPath(Paths.interviewFeedback, { interviewId: String(interview._id) })}`;
  const mails = buildInvitationMails(invitation, draftOf(interview), { change, notifyCandidate, reason, removedInterviewers: removed, scorecardUrl });
  return deliver(ctx, mails, notifyCandidate, Boolean(invitation.candidate.email), interview, senderId);
}

async function answer(customerId: Types.ObjectId, id: Types.ObjectId) {
  const doc = await Interview.findOne({ customerId, _id: id }).lean<InterviewDoc>();
  const [interview] = await presentInterviews(customerId, [doc!]);
  return interview!;
}

export type ScheduleOptions = {
  /** The self-scheduling link the candidate booked through. */
  selfScheduleLinkId?: Types.ObjectId;
  /** More writes of the booking's transaction (the link marks itself used). */
  inTransaction?: (session: ClientSession, interviewId: Types.ObjectId) => Promise<void>;
};

/**
 * Books an interview of an application: the panel, the round (its name and focus attributes copied), the
 * place; refuses a taken room (409) and busy interviewers (409 with them, unless acknowledged); records the
 * change and mails the invitations with the calendar event.
 */
export async function scheduleInterview(ctx: ChangeContext, input: ScheduleInput, opts: ScheduleOptions = {}): Promise<TScheduleInterviewResponse> {
  const { auth, now } = ctx;
  const customerId = auth.customerId;
  const { application, job } = await findSchedulableApplication(auth, input.applicationId);
  const start = new Date(input.start);
  assertFuture(start, now);
  const span = { start, end: new Date(start.getTime() + minutes(input.durationMinutes)) };
  const interviewerIds = await activeInterviewers(customerId, input.interviewerIds);
  const round = input.roundId ? await roundOfJob(customerId, job._id, input.roundId) : { roundId: null, roundName: input.roundName || 'Interview', attributes: [] };
  const room = input.mode === 'onsite' && input.roomId ? await roomOfCompany(customerId, input.roomId, interviewerIds.length + 1) : null;
  const templateId = input.templateId ? (await findInterviewTemplate(customerId, new Types.ObjectId(input.templateId))).id : null;

  const conflicts = await conflictsFor(customerId, interviewerIds, span);
  refuseUnacknowledged(conflicts, input.acknowledgeConflicts);
  if (room) await assertRoomFree(customerId, room._id, span);

  const id = new Types.ObjectId();
  const doc = {
    _id: id,
    customerId,
    applicationId: application._id,
    candidateId: application.candidateId,
    jobId: job._id,
    ...round,
    start: span.start,
    end: span.end,
    durationMinutes: input.durationMinutes,
    timeZone: input.timeZone,
    mode: input.mode,
    roomId: room?._id ?? null,
    videoLink: input.mode === 'video' ? input.videoLink : '',
    phone: input.mode === 'phone' ? input.phone : '',
    interviewerIds,
    templateId,
    note: input.note,
    status: 'scheduled' as const,
    uid: `${randomUUID()}@${hostOf(ctx.publicUrl)}`,
    sequence: 0,
    scheduledBy: auth.user._id,
    selfScheduleLinkId: opts.selfScheduleLinkId ?? null,
  };
  await withTransaction(async (session) => {
    if (room) await claimRoom(customerId, room._id, span, session);
    await Interview.create([doc], { session });
    await opts.inTransaction?.(session, id);
    await recordInterviewChanges([{
      interview: doc, kind: 'scheduled', by: auth.user._id, teamIds: job.memberIds ?? [],
      summary: `${round.roundName} scheduled for ${formatInterviewTime(span.start, input.timeZone)}`,
      data: { durationMinutes: input.durationMinutes, mode: input.mode, roomId: doc.roomId, selfScheduled: Boolean(opts.selfScheduleLinkId), acknowledgedConflicts: conflicts.length },
    }], session);
  });
  const saved = (await Interview.findOne({ customerId, _id: id }).lean<InterviewDoc>())!;
  await queueCalendarSync(saved);
  const mail = await mailChange(ctx, { interview: saved, job, senderId: auth.user._id, change: 'new', notifyCandidate: input.notifyCandidate });
  const [interview] = await presentInterviews(customerId, [saved]);
  return { interview: interview!, conflicts, mail };
}

/** The visible interview with its job, for someone who may change it (403 otherwise), still scheduled (409 otherwise). */
async function findChangeable(auth: Caller, id: string) {
  const found = await findVisibleInterview(auth, id);
  assertMaySchedule(auth, found.job);
  if (found.interview.status !== 'scheduled') throw AppError.conflict(InterviewMessages.notScheduled);
  return found;
}

/** A new time, length, place or panel: the same checks as booking (not counting itself), SEQUENCE + 1, updated invitations. */
export async function rescheduleInterview(ctx: ChangeContext, id: string, input: RescheduleInput): Promise<TScheduleInterviewResponse> {
  const { auth, now } = ctx;
  const customerId = auth.customerId;
  const { interview: before, job } = await findChangeable(auth, id);
  const start = input.start ? new Date(input.start) : before.start;
  if (input.start) assertFuture(start, now);
  const durationMinutes = input.durationMinutes ?? before.durationMinutes;
  const span = { start, end: new Date(start.getTime() + minutes(durationMinutes)) };
  const mode = input.mode ?? (before.mode as InvitationDraft['mode']);
  const roomIdText = input.roomId !== undefined ? input.roomId : before.roomId ? String(before.roomId) : null;
  const videoLink = input.videoLink ?? before.videoLink;
  if (mode === 'onsite' && !roomIdText) throw AppError.badRequest('roomId: choose a meeting room for an on-site interview');
  if (mode === 'video' && !videoLink) throw AppError.badRequest('videoLink: add the video call link');
  const interviewerIds = input.interviewerIds ? await activeInterviewers(customerId, input.interviewerIds) : before.interviewerIds;
  const room = mode === 'onsite' && roomIdText ? await roomOfCompany(customerId, roomIdText, interviewerIds.length + 1) : null;

  const conflicts = await conflictsFor(customerId, interviewerIds, span, before._id);
  refuseUnacknowledged(conflicts, input.acknowledgeConflicts);
  if (room) await assertRoomFree(customerId, room._id, span, before._id);

  const set = {
    start: span.start, end: span.end, durationMinutes, timeZone: input.timeZone ?? before.timeZone, mode, roomId: room?._id ?? null,
    videoLink: mode === 'video' ? videoLink : '', phone: mode === 'phone' ? (input.phone ?? before.phone) : '', interviewerIds, note: input.note ?? before.note,
  };
  await withTransaction(async (session) => {
    if (room) await claimRoom(customerId, room._id, span, session, before._id);
    // Only from the state this change was checked against: a change or cancellation in between wins.
    const updated = await Interview.updateOne({ customerId, _id: before._id, status: 'scheduled', sequence: before.sequence }, { $set: set, $inc: { sequence: 1 } }, { session });
    if (!updated.matchedCount) throw AppError.conflict(InterviewMessages.notScheduled);
    await recordInterviewChanges([{
      interview: { ...before, ...set }, kind: 'rescheduled', by: auth.user._id, teamIds: job.memberIds ?? [],
      summary: `${before.roundName} rescheduled to ${formatInterviewTime(span.start, set.timeZone)}`,
      data: { previousStart: before.start, durationMinutes, mode, roomId: set.roomId, sequence: before.sequence + 1 },
    }], session);
  });
  const saved = (await Interview.findOne({ customerId, _id: before._id }).lean<InterviewDoc>())!;
  await queueCalendarSync(saved);
  const removedIds = before.interviewerIds.filter((old) => !interviewerIds.some((n) => n.equals(old)));
  const mail = await mailChange(ctx, { interview: saved, job, senderId: auth.user._id, change: 'updated', notifyCandidate: input.notifyCandidate, removedIds });
  return { interview: await answer(customerId, before._id), conflicts, mail };
}

/** Calls the interview off: status cancelled, SEQUENCE + 1, METHOD:CANCEL to everybody (the candidate unless not notified). */
export async function cancelInterview(ctx: ChangeContext, id: string, input: CancelInput): Promise<TScheduleInterviewResponse> {
  const { auth } = ctx;
  const customerId = auth.customerId;
  const { interview: before, job } = await findChangeable(auth, id);
  await withTransaction(async (session) => {
    const updated = await Interview.updateOne(
      { customerId, _id: before._id, status: 'scheduled', sequence: before.sequence },
      { $set: { status: 'cancelled', statusNote: input.reason }, $inc: { sequence: 1 } },
      { session },
    );
    if (!updated.matchedCount) throw AppError.conflict(InterviewMessages.notScheduled);
    await recordInterviewChanges([{
      interview: before, kind: 'cancelled', by: auth.user._id, teamIds: job.memberIds ?? [],
      summary: `${before.roundName} on ${formatInterviewTime(before.start, before.timeZone)} cancelled`,
      data: { reason: input.reason, notifiedCandidate: input.notifyCandidate },
    }], session);
  });
  const saved = (await Interview.findOne({ customerId, _id: before._id }).lean<InterviewDoc>())!;
  await queueCalendarSync(saved);
  const mail = await mailChange(ctx, { interview: saved, job, senderId: auth.user._id, change: 'cancelled', notifyCandidate: input.notifyCandidate, reason: input.reason });
  return { interview: await answer(customerId, before._id), conflicts: [], mail };
}

const StatusSummary = { completed: 'took place', did_not_happen: 'did not happen', incident: 'had an incident' } as const;

/**
 * What became of it: completed or did not happen (with a reason) once it has started, an incident (with a
 * description) at any time. A cancelled interview keeps its status. Each change is an event with who and when.
 */
export async function setInterviewStatus(ctx: ChangeContext, id: string, input: TInterviewStatusRequest) {
  const { auth, now } = ctx;
  const customerId = auth.customerId;
  const { interview: before, job } = await findVisibleInterview(auth, id);
  assertMaySchedule(auth, job);
  if (before.status === 'cancelled') throw AppError.conflict(InterviewMessages.notScheduled);
  if (input.status !== 'incident' && now.getTime() < before.start.getTime()) throw AppError.conflict(InterviewMessages.notYetHappened);
  const statusNote = input.status === 'did_not_happen' ? input.reason : input.status === 'incident' ? input.description : '';
  await withTransaction(async (session) => {
    const updated = await Interview.updateOne({ customerId, _id: before._id, status: before.status }, { $set: { status: input.status, statusNote } }, { session });
    if (!updated.matchedCount) throw AppError.conflict(InterviewMessages.notScheduled);
    await recordInterviewChanges([{
      interview: before, kind: input.status, by: auth.user._id, teamIds: job.memberIds ?? [], at: now,
      summary: `${before.roundName} on ${formatInterviewTime(before.start, before.timeZone)} ${StatusSummary[input.status]}${statusNote ? `: ${statusNote}` : ''}`,
      data: { previousStatus: before.status, note: statusNote },
    }], session);
  });
  return { interview: await answer(customerId, before._id) };
}

/** The scheduler's display name (for the self-scheduling page). */
export async function userName(customerId: Types.ObjectId, id: Types.ObjectId) {
  const u = await User.findOne({ customerId, _id: id }, { firstName: 1, lastName: 1 }).lean();
  return u ? `${u.firstName} ${u.lastName ?? ''}`.trim() : '';
}
