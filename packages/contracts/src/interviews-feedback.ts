import { z } from 'zod';
import { ZObjectId, zMultilineText } from './common';
import { FeedbackStates, InterviewLimits, Recommendations, ZInterview } from './interviews';

// ---------------------------------------------------------------------------------------------
// Scorecards (issue 15): /interviewfeedback/{interviewId}, /interviewfeedback-all, and the submitted
// scorecards on the application page. Paths of the interview itself are in InterviewApi (feedback,
// feedbackSubmit, feedbackAll); the application's scorecards are named here.
// ---------------------------------------------------------------------------------------------

export const InterviewFeedbackApi = {
  /** The submitted scorecards of an application the caller may read (the application page's panel). */
  applicationScorecards: '/api/applications/:id/scorecards',
} as const;

export const FeedbackLimits = {
  ratingNoteMax: 2_000,
  notesMax: InterviewLimits.noteMax,
  /** A scorecard not submitted this long after the interview ended is overdue. */
  overdueAfterMs: 24 * 3600_000,
  submittedPageSize: 20,
  /** Interviews that ended longer ago than this get no reminder (a sweep that was down does not mail old news). */
  reminderWindowMs: 7 * 24 * 3600_000,
} as const;

export const ZRating = z.number().int().min(1).max(4).nullable();

export const ZScorecardRatingInput = z.object({
  attributeId: ZObjectId,
  /** 1 (poor) .. 4 (excellent); null: not assessed. */
  rating: ZRating.default(null),
  note: zMultilineText().trim().max(FeedbackLimits.ratingNoteMax, { error: 'is too long' }).default(''),
});

/** PUT /api/interviews/:id/feedback: my draft, saved while I write (anything may still be empty). */
export const ZScorecardDraft = z.object({
  ratings: z.array(ZScorecardRatingInput).max(InterviewLimits.maxAttributesPerRound).default([]),
  recommendation: z.enum(Recommendations).nullable().default(null),
  notes: zMultilineText().trim().max(FeedbackLimits.notesMax, { error: 'is too long' }).default(''),
  privateNotes: zMultilineText().trim().max(FeedbackLimits.notesMax, { error: 'is too long' }).default(''),
});
export type TScorecardDraft = z.input<typeof ZScorecardDraft>;

/** POST /api/interviews/:id/feedback/submit: final; every attribute rated or null (not assessed), a recommendation. */
export const ZScorecardSubmit = ZScorecardDraft.extend({
  recommendation: z.enum(Recommendations, { error: 'choose an overall recommendation' }),
});
export type TScorecardSubmit = z.input<typeof ZScorecardSubmit>;

export const ZScorecardRating = z.object({ attributeId: z.string(), name: z.string(), rating: z.number().nullable(), note: z.string() });
export type TScorecardRating = z.infer<typeof ZScorecardRating>;

export const ZScorecard = z.object({
  id: z.string(),
  interviewId: z.string(),
  interviewer: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(['draft', 'submitted']),
  ratings: z.array(ZScorecardRating),
  recommendation: z.enum(Recommendations).nullable(),
  notes: z.string(),
  /** null: not shown to this reader (only the author and those who see all scorecards read it). */
  privateNotes: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TScorecard = z.infer<typeof ZScorecard>;

/** GET /api/interviews/:id/feedback. */
export const ZInterviewFeedback = z.object({
  interview: ZInterview,
  /** The focus attributes the scorecard rates (the round's, when it was scheduled). */
  attributes: z.array(z.object({ id: z.string(), name: z.string() })),
  /** My scorecard (draft or submitted); null when I have none yet. */
  mine: z.object({ scorecard: ZScorecard.nullable(), canWrite: z.boolean() }),
  /** Whether the reader sees the other interviewers' scorecards (hiring manager, owners, admins; or mine is submitted). */
  othersVisible: z.boolean(),
  /** The other interviewers: their state always, their scorecard only when othersVisible and submitted. */
  others: z.array(z.object({ interviewer: z.object({ id: z.string(), name: z.string() }), state: z.enum(FeedbackStates), scorecard: ZScorecard.nullable() })),
});
export type TInterviewFeedback = z.infer<typeof ZInterviewFeedback>;

export const ZFeedbackAllQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** GET /api/interview-feedback. */
export const ZFeedbackAll = z.object({
  /** Interviews I am on that have started and lack my submitted scorecard; overdue first. */
  owed: z.array(z.object({ interview: ZInterview, state: z.enum(['pending', 'draft']), overdue: z.boolean() })),
  /** What I submitted, newest first. */
  submitted: z.object({
    items: z.array(z.object({ interview: ZInterview, recommendation: z.enum(Recommendations), submittedAt: z.string() })),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
});
export type TFeedbackAll = z.infer<typeof ZFeedbackAll>;

/** GET /api/applications/:id/scorecards. */
export const ZApplicationScorecards = z.object({
  items: z.array(ZScorecard.extend({ interview: z.object({ id: z.string(), roundName: z.string(), start: z.string() }) })),
});
export type TApplicationScorecards = z.infer<typeof ZApplicationScorecards>;

export const FeedbackMessages = {
  alreadySubmitted: 'This scorecard has already been submitted and can no longer be changed.',
  notTakingScorecards: 'This interview was cancelled or did not happen, so it takes no scorecards.',
  unknownAttribute: 'Rate only the focus attributes of this interview.',
  missingRatings: (names: string[]) => `Rate every focus attribute or mark it as not assessed: ${names.join(', ')}.`,
  duplicateAttribute: 'Each focus attribute is rated once.',
} as const;
