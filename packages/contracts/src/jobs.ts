import { z } from 'zod';
import { ZObjectId, ZUserRef, ZNamedRef, zMultilineText, zText } from './common';
import { ZApprovalHistoryEntry, ZApprovalStep } from './approvals';

// ---------------------------------------------------------------------------------------------
// Requisitions, vacancy approvals, jobs, the workflow template. One definition for API and SPA.
// ---------------------------------------------------------------------------------------------

export const JobsApi = {
  workflowTemplate: '/api/workflow-template',
  requisitionOptions: '/api/requisitions/options',
  requisitions: '/api/requisitions',
  requisition: '/api/requisitions/:id',
  submitRequisition: '/api/requisitions/:id/submit',
  withdrawRequisition: '/api/requisitions/:id/withdraw',
  vacancyApprovals: '/api/vacancy-approvals',
  vacancyApproval: '/api/vacancy-approvals/:id',
  decideVacancyApproval: '/api/vacancy-approvals/:id/decision',
  reassignVacancyApproval: '/api/vacancy-approvals/:id/reassign',
  jobs: '/api/jobs',
  job: '/api/jobs/:id',
  jobStatus: '/api/jobs/:id/status',
  jobApplications: '/api/jobs/:id/applications',
  jobActivity: '/api/jobs/:id/activity',
} as const;

export const JobValidation = {
  maxTitleLength: 120,
  maxHeadcount: 500,
  maxJustificationLength: 2000,
  maxCommentLength: 1000,
  maxDescriptionLength: 50_000,
  maxTeamSize: 30,
  maxStages: 15,
  maxStageNameLength: 40,
  listPageSize: 25,
  maxListPageSize: 100,
} as const;

// ---------- Job status life cycle: the one table every transition is checked against ----------

export const JobStatuses = ['draft', 'pending_approval', 'open', 'on_hold', 'closed', 'filled'] as const;
export type TJobStatus = (typeof JobStatuses)[number];

export const JobStatusLabels: Record<TJobStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  open: 'Open',
  on_hold: 'On hold',
  closed: 'Closed',
  filled: 'Filled',
};

/**
 * Which status may follow which. Entering and leaving `pending_approval` belongs to the approval
 * chain (submit, approve, reject), so people cannot choose it by hand; see ManualJobTransitions.
 */
export const JobTransitions: Record<TJobStatus, readonly TJobStatus[]> = {
  draft: ['pending_approval', 'open', 'closed'],
  pending_approval: ['draft', 'open'],
  open: ['on_hold', 'closed', 'filled'],
  on_hold: ['open', 'closed'],
  closed: ['open'],
  filled: ['open'],
};

/** Transitions a person may pick on the job page (the approval chain drives the others). */
export const ManualJobTransitions: Record<TJobStatus, readonly TJobStatus[]> = {
  draft: ['open', 'closed'],
  pending_approval: [],
  open: ['on_hold', 'closed', 'filled'],
  on_hold: ['open', 'closed'],
  closed: ['open'],
  filled: ['open'],
};

export function canTransitionJob(from: TJobStatus, to: TJobStatus): boolean {
  return JobTransitions[from].includes(to);
}

/**
 * A job raised by a requisition stays in the approval chain's hands until the requisition is
 * approved: a draft returned by an approver may not be opened (or edited) by hand, or the chain
 * could be bypassed. Jobs created directly (no requisition) pass `null`.
 */
export function isAwaitingApproval(requisitionStatus: TRequisitionStatus | null): boolean {
  return requisitionStatus !== null && requisitionStatus !== 'approved';
}

/** Transitions a person may pick now, given the job's requisition (null when it has none). */
export function manualJobTransitions(status: TJobStatus, requisitionStatus: TRequisitionStatus | null): readonly TJobStatus[] {
  return isAwaitingApproval(requisitionStatus) ? [] : ManualJobTransitions[status];
}

export const JobApprovalMessages = {
  statusLocked: 'This job belongs to a requisition that is not approved yet; its approval chain decides when it opens. Change and resubmit the requisition instead.',
  editLocked: 'This job belongs to a requisition that is not approved yet, so approvers would approve something else. Change the requisition instead.',
} as const;

export const EmploymentTypes = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export const EmploymentTypeLabels: Record<(typeof EmploymentTypes)[number], string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};
/** schema.org JobPosting employmentType for each of ours. */
export const EmploymentTypeSchemaOrg: Record<(typeof EmploymentTypes)[number], string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};

// ---------- Workflow template (company-settings/preferences) ----------

export const StageKinds = ['screening', 'interview', 'offer', 'hired', 'rejected'] as const;
export type TStageKind = (typeof StageKinds)[number];

export const ZStage = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(StageKinds),
});
export type TStage = z.infer<typeof ZStage>;

export const ZWorkflowTemplate = z.object({ stages: z.array(ZStage) });
export type TWorkflowTemplate = z.infer<typeof ZWorkflowTemplate>;

export const ZUpdateWorkflowTemplateRequest = z.object({
  stages: z
    .array(
      z.object({
        id: ZObjectId.optional(),
        name: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(JobValidation.maxStageNameLength, { error: 'is too long' }),
        kind: z.enum(StageKinds, { error: `must be one of ${StageKinds.join(', ')}` }),
      }),
    )
    .min(2, { error: 'needs at least two stages' })
    .max(JobValidation.maxStages, { error: `may have at most ${JobValidation.maxStages} stages` })
    .superRefine((stages, ctx) => {
      if (stages[0] && stages[0].kind !== 'screening') ctx.addIssue({ code: 'custom', message: 'the first stage must be of kind screening (applications start there)' });
      for (const kind of ['hired', 'rejected'] as const) {
        if (!stages.some((s) => s.kind === kind)) ctx.addIssue({ code: 'custom', message: `need a stage of kind ${kind}` });
      }
      const names = new Set<string>();
      for (const s of stages) {
        const key = s.name.toLowerCase();
        if (names.has(key)) ctx.addIssue({ code: 'custom', message: `"${s.name}" appears twice` });
        names.add(key);
      }
    }),
});
export type TUpdateWorkflowTemplateRequest = z.infer<typeof ZUpdateWorkflowTemplateRequest>;

// ---------- Requisitions ----------

export const RequisitionStatuses = ['draft', 'pending_approval', 'approved', 'rejected'] as const;
export type TRequisitionStatus = (typeof RequisitionStatuses)[number];

const ZOptionalId = z.preprocess((v) => (v === '' ? null : v), ZObjectId.nullable()).default(null);

export const ZSalaryBand = z
  .object({
    min: z.number().min(0, { error: 'must not be negative' }),
    max: z.number().min(0, { error: 'must not be negative' }),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code such as USD' }),
  })
  .refine((b) => b.max >= b.min, { error: 'maximum must not be below minimum', path: ['max'] });

export const ZHiringTeamInput = z.object({
  hiringManagerId: ZOptionalId,
  recruiterIds: z.array(ZObjectId).max(JobValidation.maxTeamSize).default([]),
  interviewerIds: z.array(ZObjectId).max(JobValidation.maxTeamSize).default([]),
  followerIds: z.array(ZObjectId).max(JobValidation.maxTeamSize).default([]),
});

export const ZCustomFieldValues = z
  .record(z.string().max(60), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((r) => Object.keys(r).length <= 50, { error: 'has too many fields' });

const ZRequisitionFields = {
  title: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(JobValidation.maxTitleLength, { error: 'is too long' }),
  jobCodeId: ZOptionalId,
  departmentId: ZObjectId,
  businessUnitId: ZOptionalId,
  locationId: ZObjectId,
  headcount: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(JobValidation.maxHeadcount),
  employmentType: z.enum(EmploymentTypes, { error: `must be one of ${EmploymentTypes.join(', ')}` }),
  salaryBand: ZSalaryBand.nullable().default(null),
  targetStartDate: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).nullable().default(null),
  justification: zMultilineText().trim().max(JobValidation.maxJustificationLength, { error: 'is too long' }).default(''),
  headcountJustification: zMultilineText().trim().max(JobValidation.maxJustificationLength, { error: 'is too long' }).default(''),
  team: ZHiringTeamInput.default({ hiringManagerId: null, recruiterIds: [], interviewerIds: [], followerIds: [] }),
  customFields: ZCustomFieldValues.default({}),
};

export const ZCreateRequisitionRequest = z.object({ ...ZRequisitionFields, submit: z.boolean().default(false) });
export type TCreateRequisitionRequest = z.infer<typeof ZCreateRequisitionRequest>;
export const ZUpdateRequisitionRequest = ZCreateRequisitionRequest;
export type TUpdateRequisitionRequest = TCreateRequisitionRequest;

/** The requester takes a pending requisition back: it becomes a draft again (the job too). */
export const ZWithdrawRequisitionRequest = z.object({
  comment: zMultilineText().trim().max(JobValidation.maxCommentLength, { error: 'is too long' }).default(''),
});
export type TWithdrawRequisitionRequest = z.infer<typeof ZWithdrawRequisitionRequest>;

export const ZJobCodeHeadcount = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  approvedHeadcount: z.number(),
  usedHeadcount: z.number(),
});
export type TJobCodeHeadcount = z.infer<typeof ZJobCodeHeadcount>;

export const ZRequisition = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(RequisitionStatuses),
  jobId: z.string().nullable(),
  jobCode: ZJobCodeHeadcount.nullable(),
  department: ZNamedRef.nullable(),
  businessUnit: ZNamedRef.nullable(),
  location: ZNamedRef.nullable(),
  headcount: z.number(),
  employmentType: z.enum(EmploymentTypes),
  salaryBand: z.object({ min: z.number(), max: z.number(), currency: z.string() }).nullable(),
  targetStartDate: z.string().nullable(),
  justification: z.string(),
  headcountJustification: z.string(),
  team: z.object({
    hiringManager: ZUserRef.nullable(),
    recruiters: z.array(ZUserRef),
    interviewers: z.array(ZUserRef),
    followers: z.array(ZUserRef),
  }),
  customFields: z.record(z.string(), z.unknown()),
  requester: ZUserRef,
  round: z.number(),
  steps: z.array(ZApprovalStep),
  history: z.array(ZApprovalHistoryEntry),
  /** What the caller may do now. */
  canDecide: z.boolean(),
  canEdit: z.boolean(),
  /** The requester, while it waits for approval. */
  canWithdraw: z.boolean(),
  /** A company admin, while it waits for approval. */
  canReassign: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRequisition = z.infer<typeof ZRequisition>;

export const ZJobCustomField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'date', 'dropdown', 'yesno']),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type TJobCustomField = z.infer<typeof ZJobCustomField>;

export const ZRequisitionOptions = z.object({
  jobCodes: z.array(ZJobCodeHeadcount),
  customFields: z.array(ZJobCustomField),
  departments: z.array(ZNamedRef),
  businessUnits: z.array(ZNamedRef),
  locations: z.array(ZNamedRef),
});
export type TRequisitionOptions = z.infer<typeof ZRequisitionOptions>;

export const VacancyApprovalViews = ['pending', 'decided', 'requested'] as const;
export const ZVacancyApprovalsQuery = z.object({
  view: z.enum(VacancyApprovalViews, { error: `must be one of ${VacancyApprovalViews.join(', ')}` }).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});
export const ZVacancyApprovalSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(RequisitionStatuses),
  requester: ZUserRef,
  department: ZNamedRef.nullable(),
  location: ZNamedRef.nullable(),
  headcount: z.number(),
  submittedAt: z.string().nullable(),
  myDecision: z.enum(['approved', 'rejected']).nullable(),
  myDecidedAt: z.string().nullable(),
});
export type TVacancyApprovalSummary = z.infer<typeof ZVacancyApprovalSummary>;
export const ZVacancyApprovalList = z.object({ items: z.array(ZVacancyApprovalSummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type TVacancyApprovalList = z.infer<typeof ZVacancyApprovalList>;

// ---------- Jobs ----------

export const JobScopes = ['mine', 'all'] as const;
export type TJobScope = (typeof JobScopes)[number];
export const JobSorts = ['newest', 'oldest', 'title', 'applicants'] as const;

export const ZJobListQuery = z.object({
  scope: z.enum(JobScopes, { error: 'must be mine or all' }).default('mine'),
  q: z.string().trim().max(100).default(''),
  status: z.enum(JobStatuses, { error: `must be one of ${JobStatuses.join(', ')}` }).optional(),
  departmentId: ZObjectId.optional(),
  businessUnitId: ZObjectId.optional(),
  locationId: ZObjectId.optional(),
  recruiterId: ZObjectId.optional(),
  sort: z.enum(JobSorts, { error: `must be one of ${JobSorts.join(', ')}` }).default('newest'),
  page: z.coerce.number().int().min(1, { error: 'must be at least 1' }).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(JobValidation.maxListPageSize).default(JobValidation.listPageSize),
});
export type TJobListQuery = z.infer<typeof ZJobListQuery>;

export const ZStageCount = z.object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds), count: z.number() });
export type TStageCount = z.infer<typeof ZStageCount>;

export const ZJobSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(JobStatuses),
  department: ZNamedRef.nullable(),
  businessUnit: ZNamedRef.nullable(),
  location: ZNamedRef.nullable(),
  recruiters: z.array(ZUserRef),
  hiringManager: ZUserRef.nullable(),
  openings: z.number(),
  applicantCount: z.number(),
  pipeline: z.array(ZStageCount),
  published: z.boolean(),
  createdAt: z.string(),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

export const ZJobList = z.object({ items: z.array(ZJobSummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type TJobList = z.infer<typeof ZJobList>;

export const ZJobDetail = ZJobSummary.extend({
  employmentType: z.enum(EmploymentTypes),
  salaryBand: z.object({ min: z.number(), max: z.number(), currency: z.string() }).nullable(),
  targetStartDate: z.string().nullable(),
  description: z.string(),
  jobCode: ZNamedRef.nullable(),
  requisitionId: z.string().nullable(),
  interviewers: z.array(ZUserRef),
  followers: z.array(ZUserRef),
  customFields: z.record(z.string(), z.unknown()),
  openedAt: z.string().nullable(),
  /** Transitions the caller may choose now (empty when they may not manage the job). */
  allowedTransitions: z.array(z.enum(JobStatuses)),
  canEdit: z.boolean(),
  updatedAt: z.string(),
});
export type TJobDetail = z.infer<typeof ZJobDetail>;

export const ZCreateJobRequest = z.object({
  ...ZRequisitionFields,
  description: zMultilineText().max(JobValidation.maxDescriptionLength, { error: 'is too long' }).default(''),
  published: z.boolean().default(false),
});
export type TCreateJobRequest = z.infer<typeof ZCreateJobRequest>;

export const ZUpdateJobRequest = z
  .object({
    title: ZRequisitionFields.title,
    departmentId: ZObjectId,
    businessUnitId: ZObjectId.nullable(),
    locationId: ZObjectId,
    headcount: ZRequisitionFields.headcount,
    employmentType: ZRequisitionFields.employmentType,
    salaryBand: ZSalaryBand.nullable(),
    targetStartDate: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).nullable(),
    description: zMultilineText().max(JobValidation.maxDescriptionLength, { error: 'is too long' }),
    published: z.boolean(),
    team: ZHiringTeamInput,
    customFields: ZCustomFieldValues,
    /** Needed when more openings would exceed the job code's approved headcount (as on a requisition). */
    headcountJustification: zMultilineText().trim().max(JobValidation.maxJustificationLength, { error: 'is too long' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
export type TUpdateJobRequest = z.infer<typeof ZUpdateJobRequest>;

export const ZChangeJobStatusRequest = z.object({
  status: z.enum(JobStatuses, { error: `must be one of ${JobStatuses.join(', ')}` }),
  comment: zMultilineText().trim().max(JobValidation.maxCommentLength, { error: 'is too long' }).default(''),
  /** Needed when reopening a closed job would take more job-code headcount than is left. */
  headcountJustification: zMultilineText().trim().max(JobValidation.maxJustificationLength, { error: 'is too long' }).optional(),
});
export type TChangeJobStatusRequest = z.infer<typeof ZChangeJobStatusRequest>;

export const ZJobActivity = z.object({
  id: z.string(),
  at: z.string(),
  by: ZUserRef.nullable(),
  action: z.string(),
  summary: z.string(),
});
export type TJobActivity = z.infer<typeof ZJobActivity>;
export const ZJobActivityList = z.object({ items: z.array(ZJobActivity) });

export const ZIdParams = z.object({ id: ZObjectId });
export const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
