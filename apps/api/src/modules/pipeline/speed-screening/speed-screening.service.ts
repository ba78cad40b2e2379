import { Types } from 'mongoose';
import { SpeedScreening, type TSpeedScreeningItem, type TSpeedScreeningPage, type TSpeedScreeningSummary } from '@hireflow/contracts/pipeline';
import { AppError } from '../../../lib/app-error';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { CardFields, presentCards } from '../cards';
import { decisionStages, queueFilter, screeningJobs, stagesOf, type Actor } from './screening-jobs';

/** A cursor is the last item's (stageEnteredAt, _id): the queue is walked oldest first, so a page never repeats or skips one. */
function readCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(Number(time));
  if (!id || !Types.ObjectId.isValid(id) || Number.isNaN(at.getTime())) throw AppError.badRequest('cursor: is not a cursor of this list');
  return { at, id: new Types.ObjectId(id) };
}
const writeCursor = (at: Date, id: Types.ObjectId) => Buffer.from(`${at.getTime()}|${String(id)}`, 'utf8').toString('base64url');

/**
 * New applicants to screen (first stage, not on hold) of one job or of all the jobs I run, oldest first
 * (whoever waited longest is seen first), each with what a screener reads: answers, résumé, profile summary
 * and where advance and reject move it. The `on_hold` list is the applicants put aside to come back to.
 */
export async function listScreeningQueue({
  customerId,
  actor,
  query,
}: {
  customerId: Types.ObjectId;
  actor: Actor;
  query: { jobId?: string; list: 'queue' | 'on_hold'; cursor?: string; limit: number };
}): Promise<TSpeedScreeningPage> {
  const after = readCursor(query.cursor);
  const jobs = await screeningJobs(customerId, actor, query.jobId);
  const jobList = jobs.map((j) => ({ id: String(j._id), title: j.title, stages: stagesOf(j) }));
  if (!jobs.length) return { items: [], nextCursor: null, total: 0, jobs: jobList };
  const filter = queueFilter(customerId, jobs, query.list);
  const page = after ? { ...filter, $or: [{ stageEnteredAt: { $gt: after.at } }, { stageEnteredAt: after.at, _id: { $gt: after.id } }] } : filter;
  const [rows, total] = await Promise.all([
    Application.find(page, { ...CardFields, answers: 1, resumeFileId: 1, resumeFilename: 1 }).sort({ stageEnteredAt: 1, _id: 1 }).limit(query.limit + 1).lean(),
    Application.countDocuments(filter),
  ]);
  const shown = rows.slice(0, query.limit);
  const [cards, profiles] = await Promise.all([
    presentCards(customerId, shown),
    Candidate.find({ customerId, _id: { $in: shown.map((a) => a.candidateId) } }, { currentTitle: 1, currentCompany: 1, location: 1, experienceYears: 1, skills: 1 }).lean(),
  ]);
  const profileOf = new Map(profiles.map((p) => [String(p._id), p]));
  const jobOf = new Map(jobs.map((j) => [String(j._id), j]));
  const items: TSpeedScreeningItem[] = shown.map((a, i) => {
    const p = profileOf.get(String(a.candidateId));
    return {
      card: cards[i]!,
      answers: (a.answers ?? []).map((x) => ({ label: x.label ?? '', answer: x.answer ?? '' })),
      resume: a.resumeFileId ? { fileId: a.resumeFileId, filename: a.resumeFilename || 'resume' } : null,
      profile: { currentTitle: p?.currentTitle ?? '', currentCompany: p?.currentCompany ?? '', location: p?.location ?? '', experienceYears: p?.experienceYears ?? null, skills: p?.skills ?? [] },
      ...decisionStages(jobOf.get(String(a.jobId))!, a.stageId),
    };
  });
  const last = shown[shown.length - 1];
  const nextCursor = rows.length > query.limit && last ? writeCursor(last.stageEnteredAt ?? last.appliedAt, last._id) : null;
  return { items, nextCursor, total, jobs: jobList };
}

/** "New applicants to review" per job I run: one aggregation over the queue of all my jobs. */
export async function screeningSummary({ customerId, actor }: { customerId: Types.ObjectId; actor: Actor }): Promise<TSpeedScreeningSummary> {
  const jobs = await screeningJobs(customerId, actor);
  if (!jobs.length) return { jobs: [], total: 0 };
  const counts = await Application.aggregate<{ _id: Types.ObjectId; count: number }>([
    { $match: queueFilter(customerId, jobs, 'queue') },
    { $group: { _id: '$jobId', count: { $sum: 1 } } },
  ]);
  const title = new Map(jobs.map((j) => [String(j._id), j.title]));
  const rows = counts
    .map((c) => ({ jobId: String(c._id), title: title.get(String(c._id)) ?? '', count: c.count }))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));
  return { jobs: rows.slice(0, SpeedScreening.summaryJobs), total: rows.reduce((sum, r) => sum + r.count, 0) };
}
