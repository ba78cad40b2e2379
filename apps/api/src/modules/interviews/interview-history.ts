import { Types, type ClientSession } from 'mongoose';
import type { TInterviewEventKind } from '@hireflow/contracts/interviews';
import { publishLiveEvents } from '../../lib/live-events/publish';
import { recordCandidateActivity } from '../candidates/candidate-activity';
import { hiringManagersOf, interviewEventBumps } from '../reports/interviews/interview-tallies';
import { bumpTallies } from '../reports/tallies/tallies';
import type { InterviewDoc } from './interview.model';
import { InterviewEvent } from './interview-event.model';

export type InterviewChange = {
  interview: Pick<InterviewDoc, '_id' | 'customerId' | 'applicationId' | 'candidateId' | 'jobId' | 'start' | 'end' | 'interviewerIds'>;
  kind: TInterviewEventKind;
  by: Types.ObjectId | null;
  /** What the candidate's timeline says, e.g. "Technical interview scheduled for 3 Dec 10:00". */
  summary: string;
  /** The job's hiring team (memberIds): who receives the live event besides the interviewers. */
  teamIds: Types.ObjectId[];
  at?: Date;
  data?: Record<string, unknown>;
};

/**
 * The one way an interview change is recorded: the interview event the reports read, the candidate's
 * timeline entry and the live event open screens refresh on. Call it inside the change's transaction;
 * the changes of one call belong to one company.
 */
export async function recordInterviewChanges(changes: InterviewChange[], session?: ClientSession) {
  if (!changes.length) return;
  const at = new Date();
  await InterviewEvent.insertMany(
    changes.map((c) => ({
      customerId: c.interview.customerId,
      interviewId: c.interview._id,
      applicationId: c.interview.applicationId,
      jobId: c.interview.jobId,
      kind: c.kind,
      at: c.at ?? at,
      by: c.by,
      data: { start: c.interview.start, end: c.interview.end, interviewerIds: c.interview.interviewerIds, ...c.data },
    })),
    { session },
  );
  // The interview report tallies, in the same transaction as the events they count.
  const managers = await hiringManagersOf(changes[0]!.interview.customerId, [...new Set(changes.map((c) => String(c.interview.jobId)))].map((id) => new Types.ObjectId(id)), session);
  await bumpTallies(
    changes.flatMap((c) => {
      const data = c.data ?? {};
      return interviewEventBumps({
        customerId: c.interview.customerId, jobId: c.interview.jobId, hiringManagerId: managers.get(String(c.interview.jobId)) ?? null, kind: c.kind, at: c.at ?? at, by: c.by, interviewerIds: c.interview.interviewerIds,
        reason: String(data.reason ?? data.note ?? ''), recommendation: (data.recommendation as string | undefined) ?? null, end: c.interview.end,
      });
    }),
    session,
  );
  await recordCandidateActivity(
    changes.map((c) => ({
      customerId: c.interview.customerId,
      candidateId: c.interview.candidateId,
      kind: c.kind === 'feedback_submitted' ? 'feedback_submitted' : c.kind === 'scheduled' ? 'interview_scheduled' : 'interview_updated',
      by: c.by,
      summary: c.summary,
      at: c.at ?? at,
      applicationId: c.interview.applicationId,
      jobId: c.interview.jobId,
      data: { interviewId: String(c.interview._id), change: c.kind },
    })),
    session,
  );
  await publishLiveEvents(
    changes.map((c) => ({
      customerId: c.interview.customerId,
      kind: 'interview.changed',
      jobId: c.interview.jobId,
      applicationId: c.interview.applicationId,
      candidateId: c.interview.candidateId,
      byUserId: c.by,
      teamIds: [...c.teamIds, ...c.interview.interviewerIds],
      data: { interviewId: String(c.interview._id), change: c.kind },
    })),
    session,
  );
}
