import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { ApplicationSources } from './candidates';
import { JobStatuses, StageKinds } from './jobs';

// ---------------------------------------------------------------------------------------------
// The pipeline (issue 14): the board per job, stage moves and rejections, the stage lists, bulk
// actions, speed screening, stage automations and the live-update event stream.
// ---------------------------------------------------------------------------------------------

export const PipelineApi = {
  /** GET ?jobId= : the job's stages with counts and each stage's first page of cards. */
  board: '/api/workflow',
  /** GET ?jobId=&stageId=&cursor= : the next page of one column. */
  boardStage: '/api/workflow/stage',
  move: (applicationId: string) => `/api/applications/${applicationId}/move`,
  rejectionReasons: '/api/rejection-reasons',
  rejectionReason: (id: string) => `/api/rejection-reasons/${id}`,
  /** GET, signed-in users: server-sent events (text/event-stream), resumable with Last-Event-ID. */
  events: '/api/events',
} as const;

export const Pipeline = {
  /** Cards per column page on the board. */
  columnPageSize: 30,
  /** Applications one bulk call acts on. */
  maxBulk: 500,
  /** The longest a rejection mail or a stage automation may wait. */
  maxDelayMinutes: 14 * 24 * 60,
  reasonMax: 120,
  noteMax: 500,
} as const;

export const PipelineMessages = {
  reasonRequired: 'Choose a rejection reason.',
  unknownReason: "This rejection reason is not in your company's list; choose one of the list.",
  notOnTeam: "Only the job's owners, its hiring manager, its recruiters and admins can move its applicants.",
  stageNotInJob: "This stage is not part of the job's pipeline.",
  alreadyInStage: 'The applicant is already in this stage.',
  changedMeanwhile: 'Someone moved this applicant meanwhile; the board shows where it is now.',
  withdrawnNeedsRejectedStage: 'A withdrawal moves the applicant to a rejected stage.',
} as const;

/** The reasons a company starts with (company settings, rejection reasons, edits them). */
export const DefaultRejectionReasons = [
  'Not enough experience',
  'Skills do not match the role',
  'Salary expectations too high',
  'Not available in time',
  'Location or right to work',
  'Position filled by another candidate',
  'Did not show up',
  'Culture or values fit',
] as const;

export const ZRejectionMail = z.object({
  templateId: ZObjectId,
  /** 0 sends at once; otherwise the mail waits and is cancelled if the applicant leaves the stage first. */
  delayMinutes: z.number().int().min(0).max(Pipeline.maxDelayMinutes, { error: 'can wait at most 14 days' }).default(0),
});
export type TRejectionMail = z.input<typeof ZRejectionMail>;

export const ZMoveApplicationRequest = z.object({
  stageId: ZObjectId,
  /** A rejection reason's label from the company's list; required when the stage is of kind rejected (unless withdrawn). */
  reason: zText().trim().max(Pipeline.reasonMax, { error: 'is too long' }).optional(),
  /** The candidate withdrew (kept apart from a rejection; no reason from the list needed). */
  withdrawn: z.boolean().optional(),
  rejectionMail: ZRejectionMail.optional(),
});
export type TMoveApplicationRequest = z.input<typeof ZMoveApplicationRequest>;

/** One card of the board, one row of a stage list, one applicant of speed screening. */
export const ZPipelineCard = z.object({
  applicationId: z.string(),
  candidateId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  name: z.string(),
  email: z.string(),
  currentTitle: z.string(),
  source: z.enum(ApplicationSources),
  stageId: z.string(),
  stageKind: z.enum(StageKinds),
  /** ISO time it entered its stage: the SPA shows days in stage from it. */
  stageEnteredAt: z.string(),
  appliedAt: z.string(),
  tags: z.array(z.string()),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  rejectionReason: z.string(),
  withdrawn: z.boolean(),
  onHold: z.boolean(),
});
export type TPipelineCard = z.infer<typeof ZPipelineCard>;

export const ZMoveApplicationResult = z.object({
  card: ZPipelineCard,
  fromStageId: z.string(),
  /** The job's status after the move (a hire can fill the job). */
  jobStatus: z.string(),
});
export type TMoveApplicationResult = z.infer<typeof ZMoveApplicationResult>;

export const ZRejectionReason = z.object({ id: z.string(), label: z.string(), active: z.boolean(), usedCount: z.number() });
export type TRejectionReason = z.infer<typeof ZRejectionReason>;
export const ZRejectionReasonList = z.object({ items: z.array(ZRejectionReason) });
export type TRejectionReasonList = z.infer<typeof ZRejectionReasonList>;

// ---------------------------------------------------------------------------------------------
// Live updates: what GET /api/events sends. Each event names its job so the SPA knows which caches
// it touches; `card` is the application as it is now, so applying an event twice changes nothing.
// ---------------------------------------------------------------------------------------------

export const LiveEventKinds = ['application.created', 'application.moved', 'application.updated'] as const;
export type TLiveEventKind = (typeof LiveEventKinds)[number];

export const ZLiveEvent = z.object({
  id: z.string(),
  kind: z.enum(LiveEventKinds),
  at: z.string(),
  jobId: z.string().nullable(),
  applicationId: z.string().nullable(),
  candidateId: z.string().nullable(),
  /** Who caused it (a client ignores its own echoes if it wants); null for the career site. */
  byUserId: z.string().nullable(),
  data: z.object({ fromStageId: z.string().optional(), card: ZPipelineCard.optional() }).passthrough(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

// ---------------------------------------------------------------------------------------------
// Board (/workflow): one job's stages as columns, each with its count and its first page of cards;
// a column loads more by cursor. The same filters narrow the cards and the counts.
// ---------------------------------------------------------------------------------------------

export const BoardLimits = {
  tagMax: 60,
  maxDays: 3650,
  /** Jobs offered in the board's job picker (my open jobs first). */
  pickerJobs: 100,
} as const;

const zDays = z.coerce.number({ error: 'must be a number of days' }).int({ error: 'must be a whole number of days' }).min(0, { error: 'must be 0 or more' }).max(BoardLimits.maxDays, { error: 'is too large' });

export const ZBoardFilters = z.object({
  source: z.enum(ApplicationSources, { error: `must be one of ${ApplicationSources.join(', ')}` }).optional(),
  tag: zText().trim().max(BoardLimits.tagMax, { error: 'is too long' }).optional(),
  /** The application's owner (a user of the company). */
  ownerId: ZObjectId.optional(),
  /** Days in the current stage, at least / at most (whole days since it entered the stage). */
  minDays: zDays.optional(),
  maxDays: zDays.optional(),
});
export type TBoardFilters = z.infer<typeof ZBoardFilters>;

export const ZBoardQuery = ZBoardFilters.extend({
  /** Without it: the job I last opened on the board, else my most recently opened open job. */
  jobId: ZObjectId.optional(),
});
export type TBoardQuery = z.input<typeof ZBoardQuery>;

export const ZBoardStageQuery = ZBoardFilters.extend({
  jobId: ZObjectId,
  stageId: ZObjectId,
  cursor: z.string().regex(/^\d{1,15}_[a-f0-9]{24}$/i, { error: 'is not a cursor of this column' }).optional(),
});
export type TBoardStageQuery = z.input<typeof ZBoardStageQuery>;

export const ZBoardColumnPage = z.object({ cards: z.array(ZPipelineCard), nextCursor: z.string().nullable() });
export type TBoardColumnPage = z.infer<typeof ZBoardColumnPage>;

export const ZBoardStage = ZBoardColumnPage.extend({
  id: z.string(),
  name: z.string(),
  kind: z.enum(StageKinds),
  /** Applications in the stage (those matching the filters when filters are set). */
  count: z.number(),
});
export type TBoardStage = z.infer<typeof ZBoardStage>;

export const ZBoardJobOption = z.object({ id: z.string(), title: z.string(), status: z.enum(JobStatuses), mine: z.boolean() });
export type TBoardJobOption = z.infer<typeof ZBoardJobOption>;

/** How the board chose its job: asked for, the one I last opened, my latest open job, or none yet. */
export const BoardJobPicks = ['asked', 'last_opened', 'my_open_job', 'none'] as const;

export const ZBoard = z.object({
  job: ZBoardJobOption.nullable(),
  picked: z.enum(BoardJobPicks),
  /** Whether I may move this job's applicants (its hiring team); the board disables dragging otherwise. */
  canMove: z.boolean(),
  stages: z.array(ZBoardStage),
  /** The job picker: my open jobs first, then (if I see all jobs) the company's other open jobs. */
  jobs: z.array(ZBoardJobOption),
});
export type TBoard = z.infer<typeof ZBoard>;
