import { Types, type PipelineStage } from 'mongoose';
import { DateTime } from 'luxon';
import { Recommendations, type TRecommendation } from '@hireflow/contracts/interviews';
import { CalibrationMessages, RecommendationScores, type TCalibration, type TCalibrationQuery, type TCalibrationRow } from '@hireflow/contracts/interviews-insights';
import { isKnownTimeZone } from '@hireflow/contracts/common';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { User } from '../../users/user.model';
import { Job } from '../../jobs/job.model';
import { Application } from '../../candidates/applications/application.model';
import { Scorecard } from '../feedback/scorecard.model';

type Actor = Pick<UserDoc, 'admin' | 'superUser' | 'addlRoles' | 'timezone'> & { _id: Types.ObjectId };

/**
 * Who sees calibration: admins (every job of the company) and hiring managers (the jobs they are the hiring
 * manager of: the HM role, or named hiring manager on a job); everybody else is refused.
 */
async function calibrationScope(customerId: Types.ObjectId, actor: Actor): Promise<{ scope: 'all' } | { scope: 'mine'; jobIds: Types.ObjectId[] }> {
  if (actor.admin || actor.superUser) return { scope: 'all' };
  const jobIds = (await Job.find({ customerId, hiringManagerId: actor._id }, { _id: 1 }).lean()).map((j) => j._id);
  if (!jobIds.length && !(actor.addlRoles as string[]).includes('HM')) throw AppError.forbidden(CalibrationMessages.forbidden);
  return { scope: 'mine', jobIds };
}

const scoreOf = {
  $switch: { branches: Recommendations.map((r) => ({ case: { $eq: ['$recommendation', r] }, then: RecommendationScores[r] })), default: 0 },
};
const countIf = (cond: unknown) => ({ $sum: { $cond: [cond, 1, 0] } });
const share = (part: number, whole: number) => (whole ? part / whole : null);

type Grouped = {
  _id: Types.ObjectId; submitted: number; scoreSum: number; withPanel: number; panelMajority: number; agreesWithPanel: number;
  diffSum: number; decided: number; agreesWithOutcome: number;
} & Record<TRecommendation, number>;

/**
 * Per interviewer: their submitted scorecards, recommendation spread, agreement with the rest of the panel
 * (the other interviewers' submitted scorecards on the same application) and with the outcome (hired or
 * rejected). Computed by one aggregation in the database.
 */
export async function interviewerCalibration({ customerId, actor, query }: { customerId: Types.ObjectId; actor: Actor; query: TCalibrationQuery }): Promise<TCalibration> {
  const access = await calibrationScope(customerId, actor);
  const match: Record<string, unknown> = { customerId, status: 'submitted', recommendation: { $in: [...Recommendations] } };
  if (access.scope === 'mine') match.jobId = { $in: access.jobIds };
  if (query.jobId) {
    const jobId = new Types.ObjectId(query.jobId);
    if (access.scope === 'mine' && !access.jobIds.some((id) => id.equals(jobId))) throw AppError.forbidden(CalibrationMessages.notYourJob);
    match.jobId = jobId;
  }
  const zone = actor.timezone && isKnownTimeZone(actor.timezone) ? actor.timezone : 'UTC';
  const submittedAt: Record<string, Date> = {};
  if (query.from) submittedAt.$gte = DateTime.fromISO(query.from, { zone }).startOf('day').toJSDate();
  if (query.to) submittedAt.$lt = DateTime.fromISO(query.to, { zone }).startOf('day').plus({ days: 1 }).toJSDate();
  if (query.from || query.to) match.submittedAt = submittedAt;

  const pipeline: PipelineStage[] = [
    { $match: match },
    { $set: { score: scoreOf } },
    { $group: { _id: '$applicationId', cards: { $push: { interviewerId: '$interviewerId', score: '$score', recommendation: '$recommendation' } } } },
    {
      $lookup: {
        from: Application.collection.collectionName,
        localField: '_id',
        foreignField: '_id',
        pipeline: [{ $match: { customerId } }, { $project: { stageKind: 1, withdrawn: 1 } }],
        as: 'application',
      },
    },
    // The outcome: +1 hired, -1 rejected (not withdrawn), 0 still open.
    {
      $set: {
        all: '$cards',
        outcome: {
          $let: {
            vars: { a: { $arrayElemAt: ['$application', 0] } },
            in: { $cond: [{ $eq: ['$$a.stageKind', 'hired'] }, 1, { $cond: [{ $and: [{ $eq: ['$$a.stageKind', 'rejected'] }, { $ne: ['$$a.withdrawn', true] }] }, -1, 0] }] },
          },
        },
      },
    },
    { $unwind: '$cards' },
    { $set: { others: { $filter: { input: '$all', as: 'o', cond: { $ne: ['$$o.interviewerId', '$cards.interviewerId'] } } } } },
    {
      $set: {
        othersCount: { $size: '$others' },
        othersSum: { $sum: '$others.score' },
        othersYes: { $size: { $filter: { input: '$others', as: 'o', cond: { $gt: ['$$o.score', 0] } } } },
        mySide: { $cond: [{ $gt: ['$cards.score', 0] }, 1, -1] },
      },
    },
    {
      $set: {
        // The panel's side: +1 more yes than no, -1 more no than yes, 0 a tie or nobody else.
        majority: { $cmp: ['$othersYes', { $subtract: ['$othersCount', '$othersYes'] }] },
        diff: { $cond: [{ $gt: ['$othersCount', 0] }, { $subtract: ['$cards.score', { $divide: ['$othersSum', '$othersCount'] }] }, 0] },
      },
    },
    {
      $group: {
        _id: '$cards.interviewerId',
        submitted: { $sum: 1 },
        ...Object.fromEntries(Recommendations.map((r) => [r, countIf({ $eq: ['$cards.recommendation', r] })])),
        scoreSum: { $sum: '$cards.score' },
        withPanel: countIf({ $gt: ['$othersCount', 0] }),
        panelMajority: countIf({ $ne: ['$majority', 0] }),
        agreesWithPanel: countIf({ $and: [{ $ne: ['$majority', 0] }, { $eq: ['$majority', '$mySide'] }] }),
        diffSum: { $sum: '$diff' },
        decided: countIf({ $ne: ['$outcome', 0] }),
        agreesWithOutcome: countIf({ $and: [{ $ne: ['$outcome', 0] }, { $eq: ['$outcome', '$mySide'] }] }),
      },
    },
  ];
  const [grouped, jobs] = await Promise.all([Scorecard.aggregate<Grouped>(pipeline), jobsInScope(customerId, access)]);
  const people = await User.find({ customerId, _id: { $in: grouped.map((g) => g._id) } }, { firstName: 1, lastName: 1 }).lean();
  const nameOf = new Map(people.map((p) => [String(p._id), `${p.firstName} ${p.lastName}`.trim()]));
  const rows = grouped.map(
    (g): TCalibrationRow => ({
      interviewerId: String(g._id),
      interviewerName: nameOf.get(String(g._id)) ?? 'Former user',
      submitted: g.submitted,
      distribution: Object.fromEntries(Recommendations.map((r) => [r, g[r]])) as Record<TRecommendation, number>,
      meanScore: share(g.scoreSum, g.submitted),
      withPanel: g.withPanel,
      panelMajority: g.panelMajority,
      agreesWithPanel: g.agreesWithPanel,
      panelAgreement: share(g.agreesWithPanel, g.panelMajority),
      meanDifference: share(g.diffSum, g.withPanel),
      decided: g.decided,
      agreesWithOutcome: g.agreesWithOutcome,
      outcomeAgreement: share(g.agreesWithOutcome, g.decided),
    }),
  );
  rows.sort((a, b) => b.submitted - a.submitted || a.interviewerName.localeCompare(b.interviewerName));
  return { scope: access.scope, jobs, rows };
}

/** The jobs the filter offers: the hiring manager's jobs, or every job of the company with submitted scorecards. */
async function jobsInScope(customerId: Types.ObjectId, access: Awaited<ReturnType<typeof calibrationScope>>) {
  const ids =
    access.scope === 'mine'
      ? access.jobIds
      : (await Scorecard.aggregate<{ _id: Types.ObjectId }>([{ $match: { customerId, status: 'submitted' } }, { $group: { _id: '$jobId' } }])).map((j) => j._id);
  if (!ids.length) return [];
  const jobs = await Job.find({ customerId, _id: { $in: ids } }, { title: 1 }).sort({ title: 1 }).lean();
  return jobs.map((j) => ({ id: String(j._id), title: j.title }));
}
