import type { Express } from 'express';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import type { Config } from '../../config';
import type { TInterviewMode, TInterviewStatus, TWorkingDay } from '@hireflow/contracts/interviews';
import { Application } from '../candidates/applications/application.model';
import { Location } from '../org/location.model';
import { User } from '../users/user.model';
import { buildPipelineCompany } from '../pipeline/pipeline.test-support';
import { Interview, type InterviewDoc } from './interview.model';
import { MeetingRoom } from './rooms/meeting-room.model';

/**
 * A pipeline company (see buildPipelineCompany: admin, recruiter and hm on the job, employee its interviewer,
 * approver2 a recruiter not on it) with an office address `addressId` at its Berlin location.
 */
export async function buildInterviewCompany(app: Express, config: Config, opts: { applicants?: number; title?: string } = {}) {
  const built = await buildPipelineCompany(app, config, opts);
  const location = await Location.findOneAndUpdate(
    { customerId: built.co.customerId, _id: built.co.location._id },
    { $push: { addresses: { label: 'HQ', address: 'Invalidenstraße 1, 10115 Berlin' } } },
    { returnDocument: 'after' },
  ).lean();
  const addressId = location!.addresses[location!.addresses.length - 1]!._id as Types.ObjectId;
  return { ...built, addressId };
}
export type InterviewCompany = Awaited<ReturnType<typeof buildInterviewCompany>>;

/** Sets a user's time zone and working days (empty: the default week). */
export async function setWorkingHours(customerId: Types.ObjectId, userId: string | Types.ObjectId, timezone: string, days: TWorkingDay[] = []) {
  await User.updateOne({ customerId, _id: userId }, { $set: { timezone, workingHours: days } });
}

/** A meeting room at the company's office address. */
export async function addMeetingRoom(co: InterviewCompany, name: string, capacity = 6) {
  const room = await MeetingRoom.create({ customerId: co.co.customerId, name, locationId: co.co.location._id, addressId: co.addressId, capacity });
  return room.toObject();
}

/**
 * An interview written straight to the database (for tests of what reads interviews: free slots, scorecards,
 * dashboards). Tests of scheduling itself go through the API.
 */
export async function addInterview(
  co: InterviewCompany,
  applicationId: string,
  { start, durationMinutes = 60, interviewerIds, status = 'scheduled', mode = 'video', roomId = null, roundName = 'Technical interview', attributes = [] }: {
    start: Date; durationMinutes?: number; interviewerIds: (string | Types.ObjectId)[]; status?: TInterviewStatus; mode?: TInterviewMode;
    roomId?: Types.ObjectId | null; roundName?: string; attributes?: { id: Types.ObjectId; name: string }[];
  },
): Promise<InterviewDoc> {
  const application = await Application.findOne({ customerId: co.co.customerId, _id: applicationId }).lean();
  if (!application) throw new Error(`no application ${applicationId}`);
  const created = await Interview.create({
    customerId: co.co.customerId,
    applicationId: application._id,
    candidateId: application.candidateId,
    jobId: application.jobId,
    roundName,
    attributes,
    start,
    end: new Date(start.getTime() + durationMinutes * 60_000),
    durationMinutes,
    timeZone: 'Europe/Berlin',
    mode,
    roomId,
    videoLink: mode === 'video' ? 'https://meet.example.test/abc' : '',
    interviewerIds: interviewerIds.map((id) => new Types.ObjectId(String(id))),
    status,
    uid: `${randomUUID()}@hireflow.test`,
    scheduledBy: co.co.recruiter.user._id,
  });
  return created.toObject() as InterviewDoc;
}
