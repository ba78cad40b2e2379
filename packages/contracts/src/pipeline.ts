import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { ApplicationSources, CandidateDatabase } from './candidates';
import { StageKinds } from './jobs';

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
// Stage list: /workflow/{stage}, every application in one kind of stage across the jobs I work on.
// ---------------------------------------------------------------------------------------------

export const StageListApi = {
  /** GET ?kind=&scope=&jobId=&source=&owner=&q=&sort=&page= */
  list: '/api/workflow/list',
} as const;

export const StageListSorts = ['newest', 'oldest', 'name', 'job'] as const;
export type TStageListSort = (typeof StageListSorts)[number];
export const StageListSortLabels: Record<TStageListSort, string> = {
  newest: 'Newest in stage',
  oldest: 'Oldest in stage',
  name: 'Name',
  job: 'Job',
};
/** `mine`: jobs whose hiring team I am on; `all`: every active job of the company (those who see all jobs). */
export const StageListScopes = ['mine', 'all'] as const;
export type TStageListScope = (typeof StageListScopes)[number];

export const StageList = {
  pageSize: 50,
  /** The deepest page; narrow the filters to see further. */
  maxPage: 200,
  queryMax: 100,
  /** Jobs whose applicants a stage list shows: applicants of drafts and closed jobs are not daily work. */
  jobStatuses: ['open', 'on_hold', 'filled'] as const,
} as const;

export const ZStageListQuery = z.object({
  kind: z.enum(StageKinds, { error: `must be one of ${StageKinds.join(', ')}` }),
  scope: z.enum(StageListScopes).default('mine'),
  jobId: ZObjectId.optional(),
  source: z.enum(ApplicationSources).optional(),
  owner: ZObjectId.optional(),
  q: zText().trim().max(StageList.queryMax, { error: 'is too long' }).optional(),
  sort: z.enum(StageListSorts).default('newest'),
  page: z.coerce.number().int().min(1).max(StageList.maxPage, { error: `goes to at most ${StageList.maxPage}` }).default(1),
});
export type TStageListQuery = z.input<typeof ZStageListQuery>;

export const ZStageListRow = ZPipelineCard.extend({ stageName: z.string() });
export type TStageListRow = z.infer<typeof ZStageListRow>;

export const ZStageListJob = z.object({
  id: z.string(),
  title: z.string(),
  stages: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds) })),
});
export type TStageListJob = z.infer<typeof ZStageListJob>;

export const ZStageListResponse = z.object({
  items: z.array(ZStageListRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  scope: z.enum(StageListScopes),
  /** Whether the caller may switch to scope `all`. */
  canSeeAll: z.boolean(),
  /** The jobs of the scope (the job filter, the stage names bulk moves offer). */
  jobs: z.array(ZStageListJob),
});
export type TStageListResponse = z.infer<typeof ZStageListResponse>;

// ---------------------------------------------------------------------------------------------
// Bulk actions on applications (board, stage list, a job's applicants). Each application is done or
// refused on its own; the answer says which and why.
// ---------------------------------------------------------------------------------------------

export const BulkApi = {
  /** POST { applicationIds, action } */
  applications: '/api/applications/bulk',
} as const;

export const BulkActionTypes = ['move', 'reject', 'tag', 'owner', 'email'] as const;
export type TBulkActionType = (typeof BulkActionTypes)[number];

export const BulkMessages = {
  tooMany: `Select at most ${Pipeline.maxBulk} applicants at a time.`,
  noTagChange: 'Name at least one tag to add or remove.',
  notFound: 'Not found.',
  tooManyTags: 'The candidate would have too many tags.',
  unknownOwner: 'The new owner must be an active user of your company.',
} as const;

const ZBulkTag = zText().trim().min(1, { error: 'must not be empty' }).max(CandidateDatabase.maxTagLength, { error: 'is too long' });
const ZBulkTags = z.array(ZBulkTag).max(20, { error: 'may name at most 20 tags' }).default([]);
const ZStageName = zText().trim().min(1, { error: 'must not be empty' }).max(80, { error: 'is too long' });

export const ZBulkAction = z.discriminatedUnion(
  'type',
  [
    /** To the stage of this kind in each application's job (its first one, or the one of that name). */
    z.object({ type: z.literal('move'), stageKind: z.enum(StageKinds), stageName: ZStageName.optional() }),
    z.object({
      type: z.literal('reject'),
      reason: zText().trim().max(Pipeline.reasonMax, { error: 'is too long' }).optional(),
      withdrawn: z.boolean().optional(),
      rejectionMail: ZRejectionMail.optional(),
      /** Which rejected stage, when a job has several; otherwise its first. */
      stageName: ZStageName.optional(),
    }),
    z.object({ type: z.literal('tag'), add: ZBulkTags, remove: ZBulkTags }),
    /** The application owner (AO); null clears it. */
    z.object({ type: z.literal('owner'), ownerId: ZObjectId.nullable() }),
    z.object({ type: z.literal('email'), templateId: ZObjectId }),
  ],
  { error: `must be one of ${BulkActionTypes.join(', ')}` },
);
export type TBulkAction = z.input<typeof ZBulkAction>;

export const ZBulkApplicationsRequest = z
  .object({
    applicationIds: z
      .array(ZObjectId, { error: 'must be a list of application ids' })
      .min(1, { error: 'select at least one applicant' })
      .max(Pipeline.maxBulk, { error: BulkMessages.tooMany })
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    action: ZBulkAction,
  })
  .superRefine((r, ctx) => {
    const a = r.action;
    if (a.type === 'tag' && a.add.length + a.remove.length === 0) ctx.addIssue({ code: 'custom', path: ['action', 'add'], message: BulkMessages.noTagChange });
    if (a.type === 'reject' && !a.withdrawn && !a.reason) ctx.addIssue({ code: 'custom', path: ['action', 'reason'], message: PipelineMessages.reasonRequired });
    if (a.type === 'move' && a.stageKind === 'rejected') ctx.addIssue({ code: 'custom', path: ['action', 'stageKind'], message: 'use the reject action, which takes a reason' });
  });
export type TBulkApplicationsRequest = z.input<typeof ZBulkApplicationsRequest>;

export const ZBulkRefusal = z.object({ applicationId: z.string(), name: z.string(), reason: z.string() });
export type TBulkRefusal = z.infer<typeof ZBulkRefusal>;
export const ZBulkApplicationsResult = z.object({ done: z.number(), refused: z.array(ZBulkRefusal) });
export type TBulkApplicationsResult = z.infer<typeof ZBulkApplicationsResult>;
