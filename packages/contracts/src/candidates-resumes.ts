import { z } from 'zod';
import { ResumeTextStates, ZCandidateFields } from './candidates';

// ---------------------------------------------------------------------------------------------
// Résumés (issue 13): text extraction, the inline viewer, suggestions, the skills vocabulary and
// bulk résumé upload.
// ---------------------------------------------------------------------------------------------

export const ResumesApi = {
  resume: '/api/candidates/:id/resume',
  preview: '/api/candidates/:id/resume/preview',
  skillsVocabulary: '/api/candidates/skills-vocabulary',
  skillsVocabularyItem: '/api/candidates/skills-vocabulary/:name',
  batches: '/api/candidates/resume-batches',
  batch: '/api/candidates/resume-batches/:id',
  batchCommit: '/api/candidates/resume-batches/:id/commit',
} as const;

export const ResumeBatchLimits = { maxFiles: 100, maxSkills: 2000, maxSkillLength: 60 } as const;

export const ResumeMessagesWeb = {
  tooManyFiles: `Drop at most ${ResumeBatchLimits.maxFiles} files at once.`,
  noFiles: 'Please choose at least one PDF or Word (.docx) résumé.',
  textNotReadable: 'Text not readable',
} as const;

/** POST /api/candidates/:id/resume answers the new résumé, its text still being extracted. */
export const ZResumeUploaded = z.object({ fileId: z.string(), filename: z.string(), textState: z.enum(ResumeTextStates) });
export type TResumeUploaded = z.infer<typeof ZResumeUploaded>;

/** GET /api/candidates/:id/resume/preview: how the profile shows the résumé inline. */
export const ZResumePreview = z.object({
  kind: z.enum(['pdf', 'html', 'none']),
  fileId: z.string().nullable(),
  filename: z.string(),
  textState: z.enum(ResumeTextStates),
  /** A DOCX converted to HTML and sanitised (only for kind 'html'). */
  html: z.string().optional(),
});
export type TResumePreview = z.infer<typeof ZResumePreview>;

/** What a résumé's text suggests for the candidate's fields ('' / [] when nothing was found). */
export const ZResumeSuggestions = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  currentTitle: z.string(),
  skills: z.array(z.string()),
});
export type TResumeSuggestions = z.infer<typeof ZResumeSuggestions>;

export const ZSkillsVocabulary = z.object({ items: z.array(z.string()) });
export type TSkillsVocabulary = z.infer<typeof ZSkillsVocabulary>;
export const ZSkillInput = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(ResumeBatchLimits.maxSkillLength, { error: 'is too long' }),
});

/** One file of a bulk upload: its extraction, what it suggests, and once saved what became of it. */
export const BatchFileStates = ['pending', 'extracted', 'unreadable', 'rejected'] as const;
export const BatchRowOutcomes = ['created', 'duplicate', 'invalid'] as const;
export const ZBatchRowResult = z.object({
  outcome: z.enum(BatchRowOutcomes),
  candidateId: z.string().nullable(),
  message: z.string(),
});
export type TBatchRowResult = z.infer<typeof ZBatchRowResult>;
export const ZResumeBatchFile = z.object({
  index: z.number(),
  filename: z.string(),
  fileId: z.string().nullable(),
  state: z.enum(BatchFileStates),
  /** Why the file was refused (state 'rejected'), '' otherwise. */
  problem: z.string(),
  suggestions: ZResumeSuggestions,
  result: ZBatchRowResult.nullable(),
});
export type TResumeBatchFile = z.infer<typeof ZResumeBatchFile>;
export const ZResumeBatch = z.object({
  id: z.string(),
  createdAt: z.string(),
  total: z.number(),
  /** Files whose extraction has finished (extracted, unreadable or rejected). */
  done: z.number(),
  files: z.array(ZResumeBatchFile),
});
export type TResumeBatch = z.infer<typeof ZResumeBatch>;

/** POST .../commit: the rows the recruiter saves, each with the fields as they fixed them. */
export const ZResumeBatchCommit = z.object({
  rows: z
    .array(z.object({ index: z.number().int().min(0), fields: z.record(z.string(), z.unknown()) }))
    .min(1, { error: 'Choose at least one résumé to save' })
    .max(ResumeBatchLimits.maxFiles),
});
export type TResumeBatchCommit = z.input<typeof ZResumeBatchCommit>;
export const ZResumeBatchCommitResult = z.object({ rows: z.array(ZBatchRowResult.extend({ index: z.number() })) });
export type TResumeBatchCommitResult = z.infer<typeof ZResumeBatchCommitResult>;

/** Each row's fields are checked with the candidate form's schema. */
export const ZBatchRowFields = ZCandidateFields;
