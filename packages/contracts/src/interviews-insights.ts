import { z } from 'zod';
import { InterviewModes, InterviewStatuses, Recommendations } from './interviews';
import { ZObjectId } from './common';

// ---------------------------------------------------------------------------------------------
// Interview insights: the dashboard cards (my interviews today and tomorrow, scorecards I owe) and
// interviewer calibration. Paths: InterviewApi.dashboard, InterviewApi.calibration.
// ---------------------------------------------------------------------------------------------

/** Rows each dashboard list answers at most (the counts say how many there are in all). */
export const DashboardRows = 5;
/** A scorecard is overdue this long after its interview ended. */
export const ScorecardOverdueHours = 24;

export const ZDashboardInterview = z.object({
  id: z.string(),
  applicationId: z.string(),
  candidateName: z.string(),
  jobTitle: z.string(),
  roundName: z.string(),
  /** ISO instants (UTC): shown in the viewer's time zone. */
  start: z.string(),
  end: z.string(),
  mode: z.enum(InterviewModes),
  status: z.enum(InterviewStatuses),
  /** Whether I am on the panel (else I see it as the job's owner or hiring manager). */
  mine: z.boolean(),
});
export type TDashboardInterview = z.infer<typeof ZDashboardInterview>;

export const ZDashboardDay = z.object({
  /** The calendar day in the viewer's time zone, YYYY-MM-DD. */
  date: z.string(),
  total: z.number(),
  items: z.array(ZDashboardInterview),
});

export const ZOwedScorecard = z.object({
  interviewId: z.string(),
  applicationId: z.string(),
  candidateName: z.string(),
  jobTitle: z.string(),
  roundName: z.string(),
  end: z.string(),
  overdue: z.boolean(),
});
export type TOwedScorecard = z.infer<typeof ZOwedScorecard>;

/**
 * GET /api/interviews/dashboard. "My interviews": those I am an interviewer on, plus those of the jobs I own
 * (job owner recruiter) or am the hiring manager of; not cancelled; days in my profile's time zone.
 * "Scorecards I owe": interviews I am an interviewer on that have started, not cancelled and not marked
 * as did-not-happen, without my submitted scorecard; oldest end first (so the overdue ones lead).
 */
export const ZInterviewDashboard = z.object({
  timeZone: z.string(),
  today: ZDashboardDay,
  tomorrow: ZDashboardDay,
  owed: z.object({ total: z.number(), overdue: z.number(), items: z.array(ZOwedScorecard) }),
});
export type TInterviewDashboard = z.infer<typeof ZInterviewDashboard>;

// ----- Calibration (GET /api/interview-feedback/calibration) ---------------------------------

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-01-31' });

/** Scorecards submitted on the days from..to (inclusive, in the viewer's time zone), optionally of one job. */
export const ZCalibrationQuery = z
  .object({ jobId: ZObjectId.optional(), from: zDay.optional(), to: zDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'must not be before from', path: ['to'] });
export type TCalibrationQuery = z.input<typeof ZCalibrationQuery>;

/** A recommendation on the -2..+2 scale (there is no neutral: yes is +1, no is -1). */
export const RecommendationScores = { strong_no: -2, no: -1, yes: 1, strong_yes: 2 } as const;

export const ZCalibrationRow = z.object({
  interviewerId: z.string(),
  interviewerName: z.string(),
  submitted: z.number(),
  distribution: z.record(z.enum(Recommendations), z.number()),
  /** Mean of their recommendations on the -2..+2 scale. */
  meanScore: z.number().nullable(),
  /** Scorecards where at least one other interviewer scored the same application. */
  withPanel: z.number(),
  /** Of those where the others lean one way (more yes than no, or more no than yes): how many are on the same side. */
  panelMajority: z.number(),
  agreesWithPanel: z.number(),
  /** Share agreesWithPanel / panelMajority (0..1), null without any. */
  panelAgreement: z.number().nullable(),
  /** Mean of (my score - the others' mean score) over withPanel: above 0 = more positive than the panel. */
  meanDifference: z.number().nullable(),
  /** Scorecards of applications that ended hired or rejected (withdrawals do not count). */
  decided: z.number(),
  agreesWithOutcome: z.number(),
  outcomeAgreement: z.number().nullable(),
});
export type TCalibrationRow = z.infer<typeof ZCalibrationRow>;

export const ZCalibration = z.object({
  /** all: every job of the company (admins); mine: the jobs I am the hiring manager of. */
  scope: z.enum(['all', 'mine']),
  jobs: z.array(z.object({ id: z.string(), title: z.string() })),
  rows: z.array(ZCalibrationRow),
});
export type TCalibration = z.infer<typeof ZCalibration>;

export const CalibrationMessages = {
  forbidden: 'Calibration is for admins and hiring managers.',
  notYourJob: 'You can only see calibration for the jobs you are the hiring manager of.',
} as const;
