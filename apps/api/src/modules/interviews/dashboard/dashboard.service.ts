import { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { DashboardRows, ScorecardOverdueHours, type TDashboardInterview, type TInterviewDashboard, type TOwedScorecard } from '@hireflow/contracts/interviews-insights';
import type { TInterviewMode, TInterviewStatus } from '@hireflow/contracts/interviews';
import { isKnownTimeZone } from '@hireflow/contracts/common';
import { Job } from '../../jobs/job.model';
import { Application } from '../../candidates/applications/application.model';
import { Interview } from '../interview.model';
import { Scorecard } from '../feedback/scorecard.model';

type Viewer = { _id: Types.ObjectId; timezone?: string | null };
const idsOf = (rows: { _id: Types.ObjectId }[]) => rows.map((r) => r._id);

/**
 * The dashboard's interview cards for one user. Today and tomorrow are the calendar days in the user's
 * profile time zone (UTC when unset or unknown), so someone in Sydney sees their Sydney day.
 */
export async function interviewDashboard({ customerId, viewer, now }: { customerId: Types.ObjectId; viewer: Viewer; now: Date }): Promise<TInterviewDashboard> {
  const timeZone = viewer.timezone && isKnownTimeZone(viewer.timezone) ? viewer.timezone : 'UTC';
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const tomorrow = today.plus({ days: 1 });
  const after = today.plus({ days: 2 });

  const [upcoming, owed] = await Promise.all([
    myInterviewsBetween(customerId, viewer._id, today.toJSDate(), after.toJSDate()),
    owedScorecards(customerId, viewer._id, now),
  ]);
  const day = (from: DateTime, to: DateTime) => {
    const items = upcoming.filter((i) => i.start >= from.toJSDate() && i.start < to.toJSDate());
    return { date: from.toISODate()!, total: items.length, items: items.slice(0, DashboardRows).map((i) => i.row) };
  };
  return { timeZone, today: day(today, tomorrow), tomorrow: day(tomorrow, after), owed };
}

/** Interviews I am on, or of the jobs I own or am the hiring manager of, starting in [from, to), not cancelled. */
async function myInterviewsBetween(customerId: Types.ObjectId, me: Types.ObjectId, from: Date, to: Date) {
  const managed = idsOf(await Job.find({ customerId, $or: [{ recruiterIds: me }, { hiringManagerId: me }] }, { _id: 1 }).lean());
  const docs = await Interview.find(
    { customerId, start: { $gte: from, $lt: to }, status: { $ne: 'cancelled' }, $or: [{ interviewerIds: me }, { jobId: { $in: managed } }] },
    { applicationId: 1, jobId: 1, roundName: 1, start: 1, end: 1, mode: 1, status: 1, interviewerIds: 1 },
  )
    .sort({ start: 1, _id: 1 })
    .lean();
  const names = await namesOf(customerId, docs);
  return docs.map((i) => ({
    start: i.start,
    row: {
      id: String(i._id),
      applicationId: String(i.applicationId),
      candidateName: names.candidate(i.applicationId),
      jobTitle: names.job(i.jobId),
      roundName: i.roundName,
      start: i.start.toISOString(),
      end: i.end.toISOString(),
      mode: i.mode as TInterviewMode,
      status: i.status as TInterviewStatus,
      mine: i.interviewerIds.some((id) => id.equals(me)),
    } satisfies TDashboardInterview,
  }));
}

type OwedFacet = { total: { n: number }[]; overdue: { n: number }[]; items: { _id: Types.ObjectId; applicationId: Types.ObjectId; jobId: Types.ObjectId; roundName: string; end: Date }[] };

/** Interviews I am on that have started (not cancelled, not did-not-happen) with no submitted scorecard of mine. */
async function owedScorecards(customerId: Types.ObjectId, me: Types.ObjectId, now: Date): Promise<TInterviewDashboard['owed']> {
  const overdueBefore = new Date(now.getTime() - ScorecardOverdueHours * 3_600_000);
  const [facet] = await Interview.aggregate<OwedFacet>([
    { $match: { customerId, interviewerIds: me, start: { $lte: now }, status: { $nin: ['cancelled', 'did_not_happen'] } } },
    {
      $lookup: {
        from: Scorecard.collection.collectionName,
        localField: '_id',
        foreignField: 'interviewId',
        pipeline: [{ $match: { customerId, interviewerId: me, status: 'submitted' } }, { $project: { _id: 1 } }],
        as: 'mine',
      },
    },
    { $match: { mine: { $size: 0 } } },
    {
      $facet: {
        total: [{ $count: 'n' }],
        overdue: [{ $match: { end: { $lt: overdueBefore } } }, { $count: 'n' }],
        items: [{ $sort: { end: 1, _id: 1 } }, { $limit: DashboardRows }, { $project: { applicationId: 1, jobId: 1, roundName: 1, end: 1 } }],
      },
    },
  ]);
  const items = facet?.items ?? [];
  const names = await namesOf(customerId, items);
  return {
    total: facet?.total[0]?.n ?? 0,
    overdue: facet?.overdue[0]?.n ?? 0,
    items: items.map(
      (i): TOwedScorecard => ({
        interviewId: String(i._id),
        applicationId: String(i.applicationId),
        candidateName: names.candidate(i.applicationId),
        jobTitle: names.job(i.jobId),
        roundName: i.roundName,
        end: new Date(i.end).toISOString(),
        overdue: new Date(i.end) < overdueBefore,
      }),
    ),
  };
}

async function namesOf(customerId: Types.ObjectId, rows: { applicationId: Types.ObjectId; jobId: Types.ObjectId }[]) {
  const [apps, jobs] = rows.length
    ? await Promise.all([
        Application.find({ customerId, _id: { $in: rows.map((r) => r.applicationId) } }, { candidateName: 1 }).lean(),
        Job.find({ customerId, _id: { $in: rows.map((r) => r.jobId) } }, { title: 1 }).lean(),
      ])
    : [[], []];
  const appNames = new Map(apps.map((a) => [String(a._id), a.candidateName]));
  const jobTitles = new Map(jobs.map((j) => [String(j._id), j.title]));
  return { candidate: (id: Types.ObjectId) => appNames.get(String(id)) ?? '', job: (id: Types.ObjectId) => jobTitles.get(String(id)) ?? '' };
}
