import { Types, type ClientSession } from 'mongoose';
import { InterviewMessages, type TInterviewConflict } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../lib/auth';
import { Application } from '../../candidates/applications/application.model';
import { seesWholeDatabase } from '../../candidates/candidates.access';
import { Job, type JobDoc } from '../../jobs/job.model';
import { User } from '../../users/user.model';
import { effectivePlan } from '../plans/interview-plans.service';
import { InterviewAttribute } from '../plans/interview-attribute.model';
import { MeetingRoom } from '../rooms/meeting-room.model';
import { canScheduleInterviews } from '../interviews.access';
import { clashingInterviews, isRoomTaken } from '../availability/busy-times';

export type Caller = Pick<AuthContext, 'user' | 'customerId'> & { customerId: Types.ObjectId };

export const NotAllowedToSchedule = 'Only recruiters, admins and the job\'s owners and hiring manager schedule interviews.';

/** The caller's application and its job: 404 when not of their company or not visible to them, 403 when they may not schedule. */
export async function findSchedulableApplication(auth: Caller, applicationId: string) {
  if (!Types.ObjectId.isValid(applicationId)) throw AppError.notFound('Application');
  const application = await Application.findOne({ customerId: auth.customerId, _id: new Types.ObjectId(applicationId) }, { candidateId: 1, jobId: 1, candidateName: 1 }).lean();
  const job = application ? await Job.findOne({ customerId: auth.customerId, _id: application.jobId }).lean<JobDoc>() : null;
  if (!application || !job) throw AppError.notFound('Application');
  const visible = seesWholeDatabase(auth.user) || (job.memberIds ?? []).some((m) => m.equals(auth.user._id));
  if (!visible) throw AppError.notFound('Application');
  if (!canScheduleInterviews(auth.user, job)) throw AppError.forbidden(NotAllowedToSchedule);
  return { application, job };
}

export function assertMaySchedule(auth: Caller, job: JobDoc) {
  if (!canScheduleInterviews(auth.user, job)) throw AppError.forbidden(NotAllowedToSchedule);
}

/** The panel: each an active user of the company (400 otherwise), duplicates dropped. */
export async function activeInterviewers(customerId: Types.ObjectId, ids: string[]) {
  const unique = [...new Set(ids)].map((id) => new Types.ObjectId(id));
  const found = await User.countDocuments({ customerId, _id: { $in: unique }, status: 'active' });
  if (found !== unique.length) throw AppError.badRequest('interviewerIds: an interviewer was not found or is no longer active');
  return unique;
}

/** A round of the job's interview plan (the company default when the job has none), with its focus attributes. */
export async function roundOfJob(customerId: Types.ObjectId, jobId: Types.ObjectId, roundId: string) {
  const round = (await effectivePlan(customerId, jobId)).rounds.find((r) => String(r._id) === roundId);
  if (!round) throw AppError.badRequest("roundId: not a round of this job's interview plan");
  const attributes = await InterviewAttribute.find({ customerId, _id: { $in: round.attributeIds } }, { name: 1 }).lean();
  const byId = new Map(attributes.map((a) => [String(a._id), a]));
  return {
    roundId: round._id as Types.ObjectId,
    roundName: round.name,
    attributes: round.attributeIds.map((id) => byId.get(String(id))).filter((a) => a !== undefined).map((a) => ({ id: a._id, name: a.name })),
  };
}

/** An active meeting room of the company (404 otherwise) that seats `people` when given (400 otherwise). */
export async function roomOfCompany(customerId: Types.ObjectId, roomId: string, people?: number) {
  const room = Types.ObjectId.isValid(roomId) ? await MeetingRoom.findOne({ customerId, _id: new Types.ObjectId(roomId), active: true }, { name: 1, addressId: 1, capacity: 1 }).lean() : null;
  if (!room) throw AppError.notFound('Meeting room');
  if (people && room.capacity < people) throw AppError.badRequest(`roomId: ${room.name} seats ${room.capacity}; the panel and the candidate are ${people}`);
  return room;
}

type Span = { start: Date; end: Date };

/** The interviewers' other bookings overlapping the span, one row per busy interviewer and interview. */
export async function conflictsFor(customerId: Types.ObjectId, interviewerIds: Types.ObjectId[], span: Span, excludeInterviewId?: Types.ObjectId): Promise<TInterviewConflict[]> {
  const clashes = await clashingInterviews(customerId, interviewerIds, span, excludeInterviewId ? { excludeInterviewId } : {});
  if (!clashes.length) return [];
  const users = await User.find({ customerId, _id: { $in: interviewerIds } }, { firstName: 1, lastName: 1 }).lean();
  const names = new Map(users.map((u) => [String(u._id), `${u.firstName} ${u.lastName ?? ''}`.trim()]));
  const wanted = new Set(interviewerIds.map(String));
  return clashes
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .flatMap((c) =>
      c.interviewerIds.filter((id) => wanted.has(String(id))).map((id) => ({
        userId: String(id), userName: names.get(String(id)) ?? '', interviewId: String(c._id), start: c.start.toISOString(), end: c.end.toISOString(),
      })),
    );
}

/** 409 with the conflicts unless the scheduler acknowledged them. */
export function refuseUnacknowledged(conflicts: TInterviewConflict[], acknowledged: boolean) {
  if (conflicts.length && !acknowledged) throw AppError.conflict(InterviewMessages.conflicts, { conflicts });
}

/**
 * Inside the booking's transaction: bump the room's booking version first (two transactions booking the
 * room at once write the same document, so one of them aborts and retries), then check it is free.
 */
export async function claimRoom(customerId: Types.ObjectId, roomId: Types.ObjectId, span: Span, session: ClientSession, excludeInterviewId?: Types.ObjectId) {
  await MeetingRoom.updateOne({ customerId, _id: roomId }, { $inc: { bookingVersion: 1 } }, { session });
  // The room's own calendar was asked just before (assertRoomFree): here only bookings can have changed.
  if (await isRoomTaken(customerId, roomId, span, { bookingsOnly: true, ...(excludeInterviewId ? { excludeInterviewId } : {}) })) throw AppError.conflict(InterviewMessages.roomTaken);
}

export async function assertRoomFree(customerId: Types.ObjectId, roomId: Types.ObjectId, span: Span, excludeInterviewId?: Types.ObjectId) {
  if (await isRoomTaken(customerId, roomId, span, excludeInterviewId ? { excludeInterviewId } : {})) throw AppError.conflict(InterviewMessages.roomTaken);
}
