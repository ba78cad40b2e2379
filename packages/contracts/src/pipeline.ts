import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { ApplicationSources, CandidateDatabase } from './candidates';
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
  /** POST, signed-in users: a one-minute token for the stream's URL (`?token=`; EventSource sends no header). */
  eventsToken: '/api/events/token',
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
  followUpNotQueued: 'The move is saved, but its mails and automations could not be queued; send the mail by hand if it matters.',
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
  /** Said when the move stands but something it sets off did not (PipelineMessages.followUpNotQueued). */
  notice: z.string().optional(),
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

/** interview.changed: data { interviewId, change } (an interview event kind); screens showing interviews refetch. */
export const LiveEventKinds = ['application.created', 'application.moved', 'application.updated', 'interview.changed', 'offer.changed'] as const;
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
  data: z.object({ fromStageId: z.string().optional(), card: ZPipelineCard.optional(), interviewId: z.string().optional(), offerId: z.string().optional(), change: z.string().optional() }).passthrough(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

// ---------------------------------------------------------------------------------------------
// Automations: per stage of the company's workflow template, actions that run when an application
// enters a stage of that kind and name (case-insensitive) on any job, at once or after a delay, and
// only while the application is still in that stage entry. Admins edit them on the workflow settings page.
// ---------------------------------------------------------------------------------------------

export const AutomationsApi = {
  /** GET: every stage of the workflow template with its automations. */
  list: '/api/stage-automations',
  /** PUT { automations }: replaces one template stage's automations. */
  stage: (stageId: string) => `/api/stage-automations/${stageId}`,
} as const;

export const StageAutomationActions = ['send_candidate_mail', 'notify_hiring_manager', 'request_scorecards'] as const;
export type TStageAutomationAction = (typeof StageAutomationActions)[number];

export const StageAutomationLabels: Record<TStageAutomationAction, string> = {
  send_candidate_mail: 'Send the candidate a mail',
  notify_hiring_manager: 'Notify the hiring manager',
  request_scorecards: 'Ask the hiring team for feedback',
};

export const Automations = {
  /** Actions one stage may have. */
  maxPerStage: 10,
} as const;

export const AutomationMessages = {
  templateRequired: 'Choose the mail template to send.',
  unknownTemplate: 'This mail template does not exist; choose one of your pipeline templates.',
  unknownStage: 'This stage is not in your workflow; reload the page.',
} as const;

export const ZStageAutomationInput = z
  .object({
    action: z.enum(StageAutomationActions, { error: `must be one of ${StageAutomationActions.join(', ')}` }),
    /** The pipeline mail template (send_candidate_mail only). */
    templateId: ZObjectId.nullable().optional(),
    /** 0 runs at once; otherwise the action waits and is dropped if the applicant leaves the stage first. */
    delayMinutes: z.number().int().min(0, { error: 'cannot be negative' }).max(Pipeline.maxDelayMinutes, { error: 'can wait at most 14 days' }).default(0),
  })
  .superRefine((a, ctx) => {
    if (a.action === 'send_candidate_mail' && !a.templateId) ctx.addIssue({ code: 'custom', path: ['templateId'], message: AutomationMessages.templateRequired });
  });
export type TStageAutomationInput = z.input<typeof ZStageAutomationInput>;

export const ZSaveStageAutomationsRequest = z.object({
  automations: z.array(ZStageAutomationInput).max(Automations.maxPerStage, { error: `may have at most ${Automations.maxPerStage} actions` }),
});
export type TSaveStageAutomationsRequest = z.input<typeof ZSaveStageAutomationsRequest>;

export const ZStageAutomation = z.object({
  id: z.string(),
  action: z.enum(StageAutomationActions),
  templateId: z.string().nullable(),
  /** The template's name now; empty when it was deleted since (the action is then skipped). */
  templateName: z.string(),
  delayMinutes: z.number(),
});
export type TStageAutomation = z.infer<typeof ZStageAutomation>;

export const ZStageAutomations = z.object({ stageId: z.string(), name: z.string(), kind: z.enum(StageKinds), automations: z.array(ZStageAutomation) });
export type TStageAutomations = z.infer<typeof ZStageAutomations>;
export const ZStageAutomationsList = z.object({ stages: z.array(ZStageAutomations) });
export type TStageAutomationsList = z.infer<typeof ZStageAutomationsList>;
/** POST /api/events/token: open the stream with `?token=` within a minute. */
export const ZLiveStreamToken = z.object({ token: z.string() });
export type TLiveStreamToken = z.infer<typeof ZLiveStreamToken>;

/**
 * The stream's limits: open streams per user and API instance (one more is refused with 429 and
 * Retry-After), the heartbeat comment, and how much a reconnect catches up (older or more: a `resync`
 * event, after which the client reloads what it shows).
 */
export const LiveStream = {
  maxStreamsPerUser: 5,
  heartbeatSeconds: 20,
  maxBacklog: 1000,
  /** A reconnect re-reads this far before its Last-Event-ID (ids of several instances interleave); the client drops ids it has. */
  replayWindowSeconds: 5,
  /** The event a client gets when it missed too much to catch up: reload everything live. */
  resyncEvent: 'resync',
} as const;

// ---------------------------------------------------------------------------------------------
// Speed screening: a job's new applicants (first stage, not on hold) one at a time, oldest first.
// Decisions go through the one move (advance = next stage, reject = the rejected stage with a reason);
// hold keeps an applicant out of the queue until someone comes back to it.
// ---------------------------------------------------------------------------------------------

export const SpeedScreeningApi = {
  /** GET ?jobId=&list=queue|on_hold&cursor=&limit= : applicants to screen (no jobId: all jobs I run). */
  queue: '/api/speed-screening',
  /** GET: "New applicants to review" per job of mine (the dashboard card). */
  summary: '/api/speed-screening/summary',
  /** GET: how the application's résumé shows inline (a PDF read via /api/files/:id, a DOCX as HTML). */
  resume: (applicationId: string) => `/api/applications/${applicationId}/resume-preview`,
  /** POST { onHold }: put an applicant on hold or back into the queue (the hiring team). */
  hold: (applicationId: string) => `/api/applications/${applicationId}/hold`,
} as const;

export const SpeedScreening = {
  pageSize: 20,
  maxPageSize: 50,
  /** Jobs the dashboard card lists. */
  summaryJobs: 8,
} as const;

export const SpeedScreeningLists = ['queue', 'on_hold'] as const;

export const ZSpeedScreeningQuery = z.object({
  jobId: ZObjectId.optional(),
  list: z.enum(SpeedScreeningLists).default('queue'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SpeedScreening.maxPageSize).default(SpeedScreening.pageSize),
});
export type TSpeedScreeningQuery = z.input<typeof ZSpeedScreeningQuery>;

export const ZScreeningStage = z.object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds) });
export type TScreeningStage = z.infer<typeof ZScreeningStage>;

export const ZSpeedScreeningItem = z.object({
  card: ZPipelineCard,
  answers: z.array(z.object({ label: z.string(), answer: z.string() })),
  /** The résumé sent with this application (its preview: SpeedScreeningApi.resume). */
  resume: z.object({ fileId: z.string(), filename: z.string() }).nullable(),
  profile: z.object({
    currentTitle: z.string(),
    currentCompany: z.string(),
    location: z.string(),
    experienceYears: z.number().nullable(),
    skills: z.array(z.string()),
  }),
  /** Where "advance" moves it: the next stage of the job (null when there is none). */
  nextStage: ZScreeningStage.nullable(),
  /** Where "reject" moves it. */
  rejectStage: ZScreeningStage.nullable(),
});
export type TSpeedScreeningItem = z.infer<typeof ZSpeedScreeningItem>;

export const ZSpeedScreeningPage = z.object({
  items: z.array(ZSpeedScreeningItem),
  nextCursor: z.string().nullable(),
  /** Applicants in this list in all (not only after the cursor). */
  total: z.number(),
  /** The jobs I may screen (the picker), with their stages. */
  jobs: z.array(z.object({ id: z.string(), title: z.string(), stages: z.array(ZScreeningStage) })),
});
export type TSpeedScreeningPage = z.infer<typeof ZSpeedScreeningPage>;

export const ZHoldApplicationRequest = z.object({ onHold: z.boolean() });
export type THoldApplicationRequest = z.infer<typeof ZHoldApplicationRequest>;
export const ZHoldApplicationResult = z.object({ card: ZPipelineCard });
export type THoldApplicationResult = z.infer<typeof ZHoldApplicationResult>;

export const ZSpeedScreeningSummary = z.object({
  /** The jobs with the most new applicants first (at most SpeedScreening.summaryJobs). */
  jobs: z.array(z.object({ jobId: z.string(), title: z.string(), count: z.number() })),
  /** New applicants over all my jobs. */
  total: z.number(),
});
export type TSpeedScreeningSummary = z.infer<typeof ZSpeedScreeningSummary>;

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
export const BoardJobPicks = ['asked', 'last_opened', 'my_open_job', 'company_open_job', 'none'] as const;

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
