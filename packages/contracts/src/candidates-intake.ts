import { z } from 'zod';
import { ZCandidateFields, ZCandidateSummary } from './candidates';
import { ZObjectId } from './common';

// ---------------------------------------------------------------------------------------------
// Candidates intake (issue 13): the add form, duplicates and merge, CSV/Excel import.
// ---------------------------------------------------------------------------------------------

export const IntakeApi = {
  create: '/api/candidates',
  duplicatesCheck: '/api/candidates/duplicates',
  duplicatesOf: '/api/candidates/:id/duplicates',
  merge: '/api/candidates/:id/merge',
  importUpload: '/api/candidates/import',
  importDryRun: '/api/candidates/import/:uploadId/dry-run',
  importRun: '/api/candidates/import/:uploadId/run',
  importStatus: '/api/candidates/import/jobs/:jobId',
} as const;

/** POST /api/candidates: the candidate's fields (ZCandidateFields). */
export const ZCreateCandidateRequest = ZCandidateFields;
export type TCreateCandidateRequest = z.input<typeof ZCreateCandidateRequest>;

/** GET /api/candidates/duplicates: what the add form has typed so far. */
export const ZDuplicateCheckQuery = z.object({
  email: z.string().max(200).default(''),
  phone: z.string().max(60).default(''),
  firstName: z.string().max(80).default(''),
  lastName: z.string().max(80).default(''),
  currentCompany: z.string().max(120).default(''),
});

export const DuplicateReasons = ['email', 'phone', 'name_company'] as const;
export type TDuplicateReason = (typeof DuplicateReasons)[number];
export const DuplicateReasonLabels: Record<TDuplicateReason, string> = {
  email: 'Same email',
  phone: 'Same phone',
  name_company: 'Same name and company',
};

export const ZDuplicateCandidate = ZCandidateSummary.pick({ id: true, firstName: true, lastName: true, email: true, phone: true, currentTitle: true, currentCompany: true, location: true, createdAt: true }).extend({
  applications: z.number(),
  reasons: z.array(z.enum(DuplicateReasons)),
});
export type TDuplicateCandidate = z.infer<typeof ZDuplicateCandidate>;
export const ZDuplicateList = z.object({ items: z.array(ZDuplicateCandidate) });
export type TDuplicateList = z.infer<typeof ZDuplicateList>;

export const ZMergeRequest = z.object({ otherId: ZObjectId });
export const ZMergeResult = z.object({
  candidateId: z.string(),
  mergedId: z.string(),
  movedApplications: z.number(),
  /** Both were on the same job: the application further along was kept, this many others were dropped. */
  droppedApplications: z.number(),
});
export type TMergeResult = z.infer<typeof ZMergeResult>;

export const MergeMessages = {
  self: 'A candidate cannot be merged into itself.',
  alreadyMerged: 'This candidate has already been merged into another one.',
} as const;

// --- Import ---------------------------------------------------------------------------------

export const CandidateImportRules = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 5000,
  sampleRows: 5,
  /** An uploaded file is kept this long for its dry run and run, then deleted. */
  keepHours: 24,
  uploadsPerUser: 30,
  uploadsWindowSeconds: 10 * 60,
  accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The candidate fields a column can be mapped to; skills and tags split on commas or semicolons. */
export const ImportFields = ['firstName', 'lastName', 'email', 'phone', 'location', 'currentTitle', 'currentCompany', 'skills', 'tags', 'experienceYears'] as const;
export type TImportField = (typeof ImportFields)[number];
export const ImportFieldLabels: Record<TImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  currentTitle: 'Title',
  currentCompany: 'Company',
  skills: 'Skills',
  tags: 'Tags',
  experienceYears: 'Experience (years)',
};

/** field -> the column's index in the file's header row (fields not mapped are left out). */
export const ZImportMapping = z
  .object(Object.fromEntries(ImportFields.map((f) => [f, z.number().int().min(0).max(500).optional()])) as Record<TImportField, z.ZodOptional<z.ZodNumber>>)
  .refine((m) => m.firstName !== undefined, { error: 'Map a column to First name', path: ['firstName'] });
export type TImportMapping = Partial<Record<TImportField, number>>;
export const ZImportMappingRequest = z.object({ mapping: ZImportMapping });

/** The upload's answer: its id for the next steps, the columns, a sample and a guessed mapping. */
export const ZImportPreview = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rowCount: z.number(),
  mapping: z.record(z.string(), z.number()),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ImportRowActions = ['create', 'update', 'skip'] as const;
export type TImportRowAction = (typeof ImportRowActions)[number];
export const ZImportRowReport = z.object({
  row: z.number(),
  action: z.enum(ImportRowActions),
  name: z.string(),
  email: z.string(),
  /** Why a row is skipped ("Row 7: email: must be a valid email address"), or what an update fills. */
  message: z.string(),
  candidateId: z.string().nullable(),
});
export type TImportRowReport = z.infer<typeof ZImportRowReport>;
export const ZImportReport = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  rows: z.array(ZImportRowReport),
});
export type TImportReport = z.infer<typeof ZImportReport>;

export const ZImportJobStatus = z.object({
  jobId: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  message: z.string(),
  report: ZImportReport.nullable(),
});
export type TImportJobStatus = z.infer<typeof ZImportJobStatus>;
