import type { Types } from 'mongoose';
import type { TFeedbackState, TInterview, TInterviewMode, TInterviewStatus } from '@hireflow/contracts/interviews';
import { User } from '../users/user.model';
import { Job } from '../jobs/job.model';
import { Location } from '../org/location.model';
import { Application } from '../candidates/applications/application.model';
import { MeetingRoom } from './rooms/meeting-room.model';
import { Scorecard } from './feedback/scorecard.model';
import type { InterviewDoc } from './interview.model';

const fullName = (u: { firstName: string; lastName: string } | undefined) => (u ? `${u.firstName} ${u.lastName}`.trim() : 'Former user');
const byId = <T extends { _id: Types.ObjectId }>(rows: T[]) => new Map(rows.map((r) => [String(r._id), r]));
const uniq = (ids: (Types.ObjectId | null | undefined)[]) => [...new Map(ids.filter((i): i is Types.ObjectId => Boolean(i)).map((i) => [String(i), i])).values()];

/** Interviews as the API answers them: names of the candidate, job, people and room, and each interviewer's scorecard state. */
export async function presentInterviews(customerId: Types.ObjectId, interviews: InterviewDoc[]): Promise<TInterview[]> {
  if (!interviews.length) return [];
  const [apps, jobs, users, rooms, cards] = await Promise.all([
    Application.find({ customerId, _id: { $in: uniq(interviews.map((i) => i.applicationId)) } }, { candidateName: 1 }).lean(),
    Job.find({ customerId, _id: { $in: uniq(interviews.map((i) => i.jobId)) } }, { title: 1 }).lean(),
    User.find({ customerId, _id: { $in: uniq(interviews.flatMap((i) => [...i.interviewerIds, i.scheduledBy])) } }, { firstName: 1, lastName: 1, email: 1 }).lean(),
    MeetingRoom.find({ customerId, _id: { $in: uniq(interviews.map((i) => i.roomId)) } }, { name: 1, locationId: 1, addressId: 1 }).lean(),
    Scorecard.find({ customerId, interviewId: { $in: interviews.map((i) => i._id) } }, { interviewId: 1, interviewerId: 1, status: 1 }).lean(),
  ]);
  const locations = rooms.length ? await Location.find({ customerId, _id: { $in: uniq(rooms.map((r) => r.locationId)) } }, { addresses: 1 }).lean() : [];
  const addresses = new Map(locations.flatMap((l) => l.addresses.map((a) => [String(a._id), a.address] as const)));
  const appMap = byId(apps);
  const jobMap = byId(jobs);
  const userMap = byId(users);
  const roomMap = byId(rooms);
  const cardState = new Map(cards.map((c) => [`${String(c.interviewId)}:${String(c.interviewerId)}`, c.status as TFeedbackState]));

  return interviews.map((i) => {
    const room = i.roomId ? roomMap.get(String(i.roomId)) : undefined;
    const scheduler = i.scheduledBy ? userMap.get(String(i.scheduledBy)) : undefined;
    return {
      id: String(i._id),
      applicationId: String(i.applicationId),
      candidateId: String(i.candidateId),
      candidateName: appMap.get(String(i.applicationId))?.candidateName ?? '',
      jobId: String(i.jobId),
      jobTitle: jobMap.get(String(i.jobId))?.title ?? '',
      roundId: i.roundId ? String(i.roundId) : null,
      roundName: i.roundName,
      start: i.start.toISOString(),
      end: i.end.toISOString(),
      durationMinutes: i.durationMinutes,
      timeZone: i.timeZone,
      mode: i.mode as TInterviewMode,
      room: room ? { id: String(room._id), name: room.name, address: addresses.get(String(room.addressId)) ?? '' } : null,
      videoLink: i.videoLink,
      phone: i.phone,
      interviewers: i.interviewerIds.map((id) => {
        const u = userMap.get(String(id));
        return { id: String(id), name: fullName(u), email: u?.email ?? '', feedback: cardState.get(`${String(i._id)}:${String(id)}`) ?? 'pending' };
      }),
      status: i.status as TInterviewStatus,
      statusNote: i.statusNote,
      scheduledBy: scheduler ? { id: String(scheduler._id), name: fullName(scheduler) } : null,
      selfScheduled: Boolean(i.selfScheduleLinkId),
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
    };
  });
}
