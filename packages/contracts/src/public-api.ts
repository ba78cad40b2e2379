import { z } from 'zod';
import { ZObjectId } from './common';
import { ApplicationSources, ZCandidateFields } from './candidates';
import { ZUpdateCandidateRequest } from './candidates-profile';
import { JobStatuses, StageKinds } from './jobs';
import { ErrorCodes } from './error-codes';
import { PublicApiBase, type TApiScope } from './api-access';

// ---------------------------------------------------------------------------------------------
// The public REST API (/api/v1, API-key auth): requests and answers of version 1. These shapes are a
// promise to the companies' own systems: add fields, never rename or remove one within v1. The OpenAPI
// document (/api/docs/openapi.json) is generated from these schemas; `.meta()` carries its descriptions.
// ---------------------------------------------------------------------------------------------

/** Every v1 path (relative to the host), with `{param}` as OpenAPI writes it. */
export const PublicApi = {
  jobs: `${PublicApiBase}/jobs`,
  job: `${PublicApiBase}/jobs/{id}`,
  candidates: `${PublicApiBase}/candidates`,
  candidate: `${PublicApiBase}/candidates/{id}`,
  applications: `${PublicApiBase}/applications`,
  application: `${PublicApiBase}/applications/{id}`,
  applicationMove: `${PublicApiBase}/applications/{id}/move`,
} as const;

/** The Express form of a v1 path (`{id}` -> `:id`). */
export const expressPathOf = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

export const PublicApiPage = { defaultLimit: 25, maxLimit: 100 } as const;

/** The answer of every refused call, as the rest of the API answers: `{ code, message, details? }`. */
export const ZPublicApiError = z
  .object({
    code: z.string().meta({ description: `Machine-readable: ${Object.values(ErrorCodes).join(', ')}`, example: ErrorCodes.notFound }),
    message: z.string().meta({ description: 'A sentence for people', example: 'Job not found' }),
    details: z.unknown().optional().meta({ description: 'More about the refusal: for 400, the fields at fault as [{ path, message }]' }),
  })
  .meta({ id: 'Error', description: 'A refused call' });
export type TPublicApiError = z.infer<typeof ZPublicApiError>;

const ZId = ZObjectId.meta({ description: 'A 24-character hexadecimal id', example: '665f1c2e9b1d8c0012345678' });
const ZIsoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC)', example: '2026-11-24T09:30:00.000Z' });

/** Cursor paging: `limit` rows, then pass `nextCursor` as `cursor` for the next ones. */
export const ZPublicPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be at least 1' })
    .max(PublicApiPage.maxLimit, { error: `must be at most ${PublicApiPage.maxLimit}` })
    .default(PublicApiPage.defaultLimit)
    .meta({ description: `Rows per page (1-${PublicApiPage.maxLimit}, default ${PublicApiPage.defaultLimit})` }),
  cursor: ZObjectId.optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page' }),
});

const page = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
    })
    .meta({ id, description: 'One page, newest first' });

export const ZPublicIdParams = z.object({ id: ZId });

// ---- Jobs -----------------------------------------------------------------------------------

export const ZPublicStage = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds), count: z.number().int().meta({ description: 'Applications in the stage now' }) })
  .meta({ id: 'Stage', description: "A stage of a job's pipeline, in order" });

export const ZPublicJob = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(JobStatuses),
    published: z.boolean().meta({ description: 'Shown on the career site' }),
    headcount: z.number().int(),
    department: z.string().nullable(),
    location: z.string().nullable(),
    applicantCount: z.number().int(),
    stages: z.array(ZPublicStage),
    createdAt: ZIsoDate,
  })
  .meta({ id: 'Job' });
export type TPublicJob = z.infer<typeof ZPublicJob>;

export const ZPublicJobListQuery = ZPublicPageQuery.extend({
  status: z.enum(JobStatuses, { error: `must be one of ${JobStatuses.join(', ')}` }).optional().meta({ description: 'Only jobs in this status' }),
});
export type TPublicJobListQuery = z.infer<typeof ZPublicJobListQuery>;
export const ZPublicJobList = page(ZPublicJob, 'JobList');
export type TPublicJobList = z.infer<typeof ZPublicJobList>;

// ---- Candidates -----------------------------------------------------------------------------

export const ZPublicCandidate = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    location: z.string(),
    currentTitle: z.string(),
    currentCompany: z.string(),
    experienceYears: z.number().nullable(),
    skills: z.array(z.string()),
    tags: z.array(z.string()),
    source: z.enum(ApplicationSources).meta({ description: 'How the candidate first came in' }),
    jobIds: z.array(z.string()).meta({ description: 'Jobs the candidate has an application on' }),
    createdAt: ZIsoDate,
    updatedAt: ZIsoDate,
  })
  .meta({ id: 'Candidate' });
export type TPublicCandidate = z.infer<typeof ZPublicCandidate>;

export const ZPublicCandidateListQuery = ZPublicPageQuery.extend({
  email: z.string().trim().toLowerCase().max(254).optional().meta({ description: 'Only the candidate with this email address (case-insensitive)' }),
});
export type TPublicCandidateListQuery = z.infer<typeof ZPublicCandidateListQuery>;
export const ZPublicCandidateList = page(ZPublicCandidate, 'CandidateList');

/** The same fields, with the same rules, as the add-candidate form (source "sourced"). */
export const ZPublicCreateCandidate = ZCandidateFields.meta({ id: 'CreateCandidate', description: 'A new candidate; 409 (details.candidateId) when the email is already a candidate\'s' });
export type TPublicCreateCandidate = z.input<typeof ZPublicCreateCandidate>;

/** The same fields, with the same rules, as the profile's edit; only the fields sent change. */
export const ZPublicUpdateCandidate = ZUpdateCandidateRequest.meta({ id: 'UpdateCandidate', description: 'The fields to change; the others stay as they are' });

// ---- Applications ---------------------------------------------------------------------------

export const ZPublicStageEvent = z
  .object({
    fromStage: z.string().nullable().meta({ description: "The stage's name; null for the first stage" }),
    toStage: z.string(),
    toKind: z.enum(StageKinds),
    at: ZIsoDate,
    by: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'Who moved it (for a key, its creator); null when the candidate applied' }),
    reason: z.string(),
  })
  .meta({ id: 'StageEvent' });

export const ZPublicApplication = z
  .object({
    id: z.string(),
    jobId: z.string(),
    candidateId: z.string(),
    stage: z.object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds) }),
    source: z.enum(ApplicationSources),
    appliedAt: ZIsoDate,
    stageEnteredAt: ZIsoDate,
    rejectionReason: z.string(),
    withdrawn: z.boolean(),
    history: z.array(ZPublicStageEvent).meta({ description: 'Stage history, oldest first' }),
  })
  .meta({ id: 'Application' });
export type TPublicApplication = z.infer<typeof ZPublicApplication>;

export const ZPublicApplicationListQuery = ZPublicPageQuery.extend({
  jobId: ZObjectId.optional().meta({ description: "Only this job's applications" }),
  candidateId: ZObjectId.optional().meta({ description: "Only this candidate's applications" }),
});
export type TPublicApplicationListQuery = z.infer<typeof ZPublicApplicationListQuery>;
export const ZPublicApplicationList = page(ZPublicApplication.omit({ history: true }).meta({ id: 'ApplicationSummary' }), 'ApplicationList');

/** Sources an API client may give an application; it applies like the career site's form. */
export const PublicApplicationSources = ['career_site', 'sourced', 'import'] as const;

export const ZPublicApplicant = z
  .object({
    firstName: ZCandidateFields.shape.firstName,
    lastName: z.string().trim().max(80, { error: 'is too long' }).default(''),
    email: ZCandidateFields.shape.email.unwrap().pipe(z.string().min(1, { error: 'is required' })),
    phone: ZCandidateFields.shape.phone.unwrap().optional(),
  })
  .meta({ id: 'Applicant', description: 'The person applying; an existing candidate with this email is used (only their blank fields are filled)' });

export const ZPublicCreateApplication = z
  .object({
    jobId: ZId,
    candidateId: ZObjectId.optional().meta({ description: 'An existing candidate (instead of `candidate`)' }),
    candidate: ZPublicApplicant.optional(),
    source: z.enum(PublicApplicationSources).default('career_site').meta({ description: 'Recorded as the application\'s source (with `candidate` only)' }),
    answers: z
      .array(z.object({ questionId: z.string().max(100), label: z.string().max(300), answer: z.string().max(5000) }))
      .max(50)
      .default([])
      .meta({ description: "Answers to the job's application questions" }),
  })
  .refine((v) => Boolean(v.candidateId) !== Boolean(v.candidate), { error: 'send either candidateId or candidate', path: ['candidate'] })
  .meta({ id: 'CreateApplication', description: 'Applies a person to a job: as the career site does (`candidate`), or adds an existing candidate (`candidateId`)' });
export type TPublicCreateApplication = z.input<typeof ZPublicCreateApplication>;
export type TPublicCreateApplicationParsed = z.output<typeof ZPublicCreateApplication>;

export const ZPublicMoveApplication = z
  .object({
    stageId: ZObjectId.optional().meta({ description: "The target stage's id (see the job's stages)" }),
    stageName: z.string().trim().min(1).max(100).optional().meta({ description: "Or the target stage's name (case-insensitive)" }),
    reason: z.string().trim().max(500).optional().meta({ description: "A rejection reason from the company's list; required when moving to a rejected stage" }),
    withdrawn: z.boolean().optional().meta({ description: 'The candidate withdrew (rejected stages only; no reason from the list needed)' }),
  })
  .refine((v) => Boolean(v.stageId) !== Boolean(v.stageName), { error: 'send either stageId or stageName', path: ['stageId'] })
  .meta({ id: 'MoveApplication' });
export type TPublicMoveApplication = z.input<typeof ZPublicMoveApplication>;

/** The scope each v1 operation needs (the middleware and the OpenAPI document read it here). */
export const PublicApiScopes = {
  listJobs: 'jobs:read',
  getJob: 'jobs:read',
  listCandidates: 'candidates:read',
  getCandidate: 'candidates:read',
  createCandidate: 'candidates:write',
  updateCandidate: 'candidates:write',
  listApplications: 'applications:read',
  getApplication: 'applications:read',
  createApplication: 'applications:write',
  moveApplication: 'applications:write',
} as const satisfies Record<string, TApiScope>;
export type TPublicApiOperation = keyof typeof PublicApiScopes;

export const RateLimitHeaders = { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset' } as const;
