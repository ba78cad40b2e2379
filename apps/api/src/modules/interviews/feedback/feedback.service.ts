import { Types } from 'mongoose';
import {
  FeedbackLimits, FeedbackMessages,
  type TApplicationScorecards, type TFeedbackAll, type TInterviewFeedback, type TScorecard, type TScorecardDraft, type TScorecardSubmit,
} from '@hireflow/contracts/interviews-feedback';
import { InterviewMessages, RecommendationLabels, type TInterviewStatus, type TRecommendation } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { User } from '../../users/user.model';
import { Job, type JobDoc } from '../../jobs/job.model';
import { canViewJob } from '../../jobs/jobs.access';
import { withTransaction } from '../../jobs/with-transaction';
import { Application } from '../../candidates/applications/application.model';
import { Interview, type InterviewDoc } from '../interview.model';
import { canSeeInterview, findVisibleInterview, isInterviewer, seesAllScorecards } from '../interviews.access';
import { presentInterviews } from '../interview.presenter';
import { recordInterviewChanges } from '../interview-history';
import { Scorecard, type ScorecardDoc } from './scorecard.model';

type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser' | 'firstName' | 'lastName'> & { _id: Types.ObjectId };
export type FeedbackCaller = { user: Actor; customerId: Types.ObjectId };

/** Interviews in these states take no scorecards (and are owed none). */
const NoScorecardStatuses: TInterviewStatus[] = ['cancelled', 'did_not_happen'];
const fullName = (u: { firstName: string; lastName: string } | undefined) => (u ? `${u.firstName} ${u.lastName}`.trim() : 'Former user');

async function namesOf(customerId: Types.ObjectId, ids: Types.ObjectId[]) {
  const users = ids.length ? await User.find({ customerId, _id: { $in: ids } }, { firstName: 1, lastName: 1 }).lean() : [];
  return new Map(users.map((u) => [String(u._id), fullName(u)]));
}

/** A scorecard as `reader` may read it: private notes only for its author and those who see all scorecards. */
function presentScorecard(card: ScorecardDoc, name: string, showPrivate: boolean): TScorecard {
  return {
    id: String(card._id),
    interviewId: String(card.interviewId),
    interviewer: { id: String(card.interviewerId), name },
    status: card.status as TScorecard['status'],
    ratings: card.ratings.map((r) => ({ attributeId: String(r.attributeId), name: r.name ?? '', rating: r.rating ?? null, note: r.note ?? '' })),
    recommendation: (card.recommendation ?? null) as TRecommendation | null,
    notes: card.notes,
    privateNotes: showPrivate ? card.privateNotes : null,
    submittedAt: card.submittedAt ? card.submittedAt.toISOString() : null,
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** GET /api/interviews/:id/feedback: the interview, my scorecard, and the others' as far as I may see them. */
export async function getFeedback(auth: FeedbackCaller, id: string): Promise<TInterviewFeedback> {
  const { interview, job } = await findVisibleInterview(auth, id);
  const me = auth.user._id;
  const [[presented], cards] = await Promise.all([
    presentInterviews(auth.customerId, [interview]),
    Scorecard.find({ customerId: auth.customerId, interviewId: interview._id }).lean<ScorecardDoc[]>(),
  ]);
  const seesAll = seesAllScorecards(auth.user, job);
  const mine = cards.find((c) => c.interviewerId.equals(me)) ?? null;
  const othersVisible = seesAll || mine?.status === 'submitted';
  const names = new Map(presented!.interviewers.map((i) => [i.id, i.name]));
  const others = presented!.interviewers
    .filter((i) => i.id !== String(me))
    .map((i) => {
      const card = cards.find((c) => String(c.interviewerId) === i.id);
      const shown = othersVisible && card?.status === 'submitted';
      return { interviewer: { id: i.id, name: i.name }, state: i.feedback, scorecard: shown ? presentScorecard(card, i.name, seesAll) : null };
    });
  return {
    interview: presented!,
    attributes: interview.attributes.map((a) => ({ id: String(a.id), name: a.name ?? '' })),
    mine: {
      scorecard: mine ? presentScorecard(mine, names.get(String(me)) ?? fullName(auth.user), true) : null,
      canWrite: isInterviewer(auth.user, interview) && !NoScorecardStatuses.includes(interview.status as TInterviewStatus) && mine?.status !== 'submitted',
    },
    othersVisible,
    others,
  };
}

/** The interview I write a scorecard for: visible (else 404), mine to write (else 403), still taking scorecards (else 409). */
async function writableInterview(auth: FeedbackCaller, id: string) {
  const found = await findVisibleInterview(auth, id);
  if (!isInterviewer(auth.user, found.interview)) throw AppError.forbidden(InterviewMessages.notAnInterviewer);
  if (NoScorecardStatuses.includes(found.interview.status as TInterviewStatus)) throw AppError.conflict(FeedbackMessages.notTakingScorecards);
  return found;
}

/** The ratings as stored: only the interview's attributes, each at most once, with the attribute's name. */
function ratingsFor(interview: InterviewDoc, ratings: NonNullable<TScorecardDraft['ratings']>, { complete }: { complete: boolean }) {
  const attributes = new Map(interview.attributes.map((a) => [String(a.id), a.name ?? '']));
  const seen = new Set<string>();
  for (const r of ratings) {
    if (!attributes.has(r.attributeId)) throw AppError.badRequest(FeedbackMessages.unknownAttribute);
    if (seen.has(r.attributeId)) throw AppError.badRequest(FeedbackMessages.duplicateAttribute);
    seen.add(r.attributeId);
  }
  if (complete) {
    const missing = [...attributes].filter(([attributeId]) => !seen.has(attributeId)).map(([, name]) => name);
    if (missing.length) throw AppError.badRequest(FeedbackMessages.missingRatings(missing));
  }
  return ratings.map((r) => ({ attributeId: new Types.ObjectId(r.attributeId), name: attributes.get(r.attributeId), rating: r.rating ?? null, note: r.note ?? '' }));
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/** PUT /api/interviews/:id/feedback: saves my draft; a submitted scorecard is final (409). */
export async function saveDraft(auth: FeedbackCaller, id: string, input: TScorecardDraft): Promise<TScorecard> {
  const { interview } = await writableInterview(auth, id);
  const ratings = ratingsFor(interview, input.ratings ?? [], { complete: false });
  const key = { customerId: auth.customerId, interviewId: interview._id, interviewerId: auth.user._id };
  if (await Scorecard.exists({ ...key, status: 'submitted' })) throw AppError.conflict(FeedbackMessages.alreadySubmitted);
  const write = () =>
    Scorecard.findOneAndUpdate(
      { ...key, status: 'draft' },
      {
        $set: { ratings, recommendation: input.recommendation ?? null, notes: input.notes ?? '', privateNotes: input.privateNotes ?? '' },
        $setOnInsert: { applicationId: interview.applicationId, candidateId: interview.candidateId, jobId: interview.jobId },
      },
      { upsert: true, returnDocument: 'after' },
    ).lean<ScorecardDoc>();
  let card: ScorecardDoc | null;
  try {
    card = await write();
  } catch (error) {
    // The unique (interview, interviewer) key refused a second card: submitted meanwhile (final), or two
    // autosaves raced to create the draft (the other one created it: write into it).
    if (!isDuplicateKey(error)) throw error;
    if (await Scorecard.exists({ ...key, status: 'submitted' })) throw AppError.conflict(FeedbackMessages.alreadySubmitted);
    card = await write();
  }
  return presentScorecard(card!, fullName(auth.user), true);
}

/**
 * POST /api/interviews/:id/feedback/submit: my final scorecard (every attribute rated or not assessed, a
 * recommendation), recorded on the interview's history and the candidate's timeline in the same transaction.
 */
export async function submitScorecard(auth: FeedbackCaller, id: string, input: TScorecardSubmit, now: Date): Promise<TInterviewFeedback> {
  const { interview, job } = await writableInterview(auth, id);
  const ratings = ratingsFor(interview, input.ratings ?? [], { complete: true });
  const key = { customerId: auth.customerId, interviewId: interview._id, interviewerId: auth.user._id };
  if (await Scorecard.exists({ ...key, status: 'submitted' })) throw AppError.conflict(FeedbackMessages.alreadySubmitted);
  const recommendation = input.recommendation;
  try {
    await withTransaction(async (session) => {
      const card = await Scorecard.findOneAndUpdate(
        { ...key, status: 'draft' },
        {
          $set: { ratings, recommendation, notes: input.notes ?? '', privateNotes: input.privateNotes ?? '', status: 'submitted', submittedAt: now },
          $setOnInsert: { applicationId: interview.applicationId, candidateId: interview.candidateId, jobId: interview.jobId },
        },
        { upsert: true, returnDocument: 'after', session },
      ).lean<ScorecardDoc>();
      await recordInterviewChanges(
        [{
          interview,
          kind: 'feedback_submitted',
          by: auth.user._id,
          summary: `Scorecard submitted by ${fullName(auth.user)}: ${RecommendationLabels[recommendation]}`,
          teamIds: (job as JobDoc).memberIds ?? [],
          at: now,
          data: { scorecardId: String(card!._id), recommendation, roundName: interview.roundName },
        }],
        session,
      );
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw AppError.conflict(FeedbackMessages.alreadySubmitted);
    throw error;
  }
  return getFeedback(auth, id);
}

/** GET /api/interview-feedback: what I still owe (overdue first) and a page of what I submitted (newest first). */
export async function feedbackOverview(auth: FeedbackCaller, page: number, now: Date): Promise<TFeedbackAll> {
  const { customerId } = auth;
  const me = auth.user._id;
  const pageSize = FeedbackLimits.submittedPageSize;
  // Owed: my started interviews (index customerId+interviewerIds+start), the newest few hundred, minus those I submitted.
  const started = await Interview.find({ customerId, interviewerIds: me, start: { $lte: now }, status: { $nin: NoScorecardStatuses } })
    .sort({ start: -1 })
    .limit(300)
    .lean<InterviewDoc[]>();
  const [myCards, submittedCards, total] = await Promise.all([
    started.length ? Scorecard.find({ customerId, interviewerId: me, interviewId: { $in: started.map((i) => i._id) } }, { interviewId: 1, status: 1 }).lean() : [],
    Scorecard.find({ customerId, interviewerId: me, status: 'submitted' }).sort({ submittedAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<ScorecardDoc[]>(),
    Scorecard.countDocuments({ customerId, interviewerId: me, status: 'submitted' }),
  ]);
  const stateOf = new Map(myCards.map((c) => [String(c.interviewId), c.status]));
  const overdueBefore = now.getTime() - FeedbackLimits.overdueAfterMs;
  const owed = started
    .filter((i) => stateOf.get(String(i._id)) !== 'submitted')
    .map((i) => ({ doc: i, overdue: i.end.getTime() <= overdueBefore }))
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.doc.end.getTime() - b.doc.end.getTime());
  const submittedInterviews = submittedCards.length
    ? await Interview.find({ customerId, _id: { $in: submittedCards.map((c) => c.interviewId) } }).lean<InterviewDoc[]>()
    : [];
  const [owedPresented, submittedPresented] = await Promise.all([
    presentInterviews(customerId, owed.map((o) => o.doc)),
    presentInterviews(customerId, submittedInterviews),
  ]);
  const byId = new Map(submittedPresented.map((i) => [i.id, i]));
  return {
    owed: owed.map((o, n) => ({ interview: owedPresented[n]!, state: stateOf.get(String(o.doc._id)) === 'draft' ? 'draft' : 'pending', overdue: o.overdue })),
    submitted: {
      items: submittedCards
        .filter((c) => byId.has(String(c.interviewId)))
        .map((c) => ({ interview: byId.get(String(c.interviewId))!, recommendation: c.recommendation as TRecommendation, submittedAt: c.submittedAt!.toISOString() })),
      page,
      pageSize,
      total,
    },
  };
}

/**
 * GET /api/applications/:id/scorecards: the submitted scorecards of the application's interviews that the
 * caller may read: all of them for the hiring manager, owners and admins; an interviewer's panel once their own
 * is submitted. 404 for an application the caller can neither see through the job nor through an interview.
 */
export async function applicationScorecards(auth: FeedbackCaller, id: string): Promise<TApplicationScorecards> {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Application');
  const { customerId } = auth;
  const application = await Application.findOne({ customerId, _id: new Types.ObjectId(id) }, { jobId: 1 }).lean();
  const job = application ? await Job.findOne({ customerId, _id: application.jobId }).lean<JobDoc>() : null;
  if (!application || !job) throw AppError.notFound('Application');
  const interviews = await Interview.find({ customerId, applicationId: application._id }).sort({ start: -1 }).lean<InterviewDoc[]>();
  const visible = interviews.filter((i) => canSeeInterview(auth.user, i, job));
  if (!canViewJob(auth.user, job) && visible.length === 0) throw AppError.notFound('Application');
  const cards = await Scorecard.find({ customerId, applicationId: application._id, status: 'submitted' }).sort({ submittedAt: 1 }).lean<ScorecardDoc[]>();
  const seesAll = seesAllScorecards(auth.user, job);
  const readable = visible.filter(
    (i) => seesAll || cards.some((c) => c.interviewId.equals(i._id) && c.interviewerId.equals(auth.user._id)),
  );
  const names = await namesOf(customerId, [...new Map(cards.map((c) => [String(c.interviewerId), c.interviewerId])).values()]);
  return {
    items: readable.flatMap((i) =>
      cards
        .filter((c) => c.interviewId.equals(i._id))
        .map((c) => ({
          ...presentScorecard(c, names.get(String(c.interviewerId)) ?? 'Former user', seesAll || c.interviewerId.equals(auth.user._id)),
          interview: { id: String(i._id), roundName: i.roundName, start: i.start.toISOString() },
        })),
    ),
  };
}
