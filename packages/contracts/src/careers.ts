import { z } from 'zod';
import { ZObjectId } from './common';

// ---------------------------------------------------------------------------------------------
// The public career site (/careers/{slug}) and its settings page (company-settings/career-site).
// ---------------------------------------------------------------------------------------------

export const CareersApi = {
  settings: '/api/career-site',
  publishedJobs: '/api/career-site/jobs',
} as const;

/** Public pages, served outside /api and rendered on the server. */
export const CareerPaths = {
  list: '/careers/:slug',
  job: '/careers/:slug/:jobId',
  feed: '/careers/:slug/feed.xml',
} as const;

export const FieldModes = ['required', 'optional', 'hidden'] as const;
export type TFieldMode = (typeof FieldModes)[number];

export const CareerSiteValidation = { maxIntroLength: 5000, maxQuestions: 10, maxQuestionLength: 200 } as const;

export const ZApplyQuestion = z.object({
  id: z.string().trim().regex(/^[a-z0-9-]{1,30}$/, { error: 'must be 1-30 lowercase letters, digits or dashes' }),
  label: z.string().trim().min(1, { error: 'is required' }).max(CareerSiteValidation.maxQuestionLength, { error: 'is too long' }),
  required: z.boolean().default(false),
});
export type TApplyQuestion = z.infer<typeof ZApplyQuestion>;

export const ZApplyForm = z.object({
  phone: z.enum(FieldModes).default('optional'),
  resume: z.enum(FieldModes).default('required'),
  questions: z
    .array(ZApplyQuestion)
    .max(CareerSiteValidation.maxQuestions, { error: `may have at most ${CareerSiteValidation.maxQuestions} questions` })
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, { error: 'two questions share an id' })
    .default([]),
});
export type TApplyForm = z.infer<typeof ZApplyForm>;

export const ZCareerSiteSettings = z.object({
  slug: z.string().nullable(),
  publicUrl: z.string().nullable(),
  intro: z.string(),
  applyForm: ZApplyForm,
});
export type TCareerSiteSettings = z.infer<typeof ZCareerSiteSettings>;

export const ZUpdateCareerSiteRequest = z.object({
  intro: z.string().trim().max(CareerSiteValidation.maxIntroLength, { error: 'is too long' }),
  applyForm: ZApplyForm,
});
export type TUpdateCareerSiteRequest = z.infer<typeof ZUpdateCareerSiteRequest>;

export const ZCareerSiteJob = z.object({ id: z.string(), title: z.string(), status: z.string(), published: z.boolean(), location: z.string() });
export const ZCareerSiteJobs = z.object({ items: z.array(ZCareerSiteJob) });
export type TCareerSiteJob = z.infer<typeof ZCareerSiteJob>;

export const ZPublishJobsRequest = z.object({
  published: z.array(ZObjectId).max(5000),
  unpublished: z.array(ZObjectId).max(5000),
});
export type TPublishJobsRequest = z.infer<typeof ZPublishJobsRequest>;
