import { z } from 'zod';
import { ZObjectId, zMultilineText, zText } from './common';
import { ScreeningQuestionMessages, ScreeningQuestionRules, ScreeningQuestionTypes } from './candidates-questions';

// ---------------------------------------------------------------------------------------------
// The public career site (/careers/{slug}) and its settings page (company-settings/career-site).
// ---------------------------------------------------------------------------------------------

export const CareersApi = {
  settings: '/api/career-site',
  publishedJobs: '/api/career-site/jobs',
  /** company-settings/page-customization: the career site's apply form (its own access right). */
  applyForm: '/api/page-customization/apply-form',
} as const;

/** The {page?} of company-settings/page-customization: one per customisable form. */
export const PageCustomizationPages = ['apply-form'] as const;
export type TPageCustomizationPage = (typeof PageCustomizationPages)[number];

/** Public pages, served outside /api and rendered on the server. */
export const CareerPaths = {
  list: '/careers/:slug',
  job: '/careers/:slug/:jobId',
  feed: '/careers/:slug/feed.xml',
} as const;

export const FieldModes = ['required', 'optional', 'hidden'] as const;
export type TFieldMode = (typeof FieldModes)[number];

export const CareerSiteValidation = { maxIntroLength: 5000, maxQuestions: 10, maxQuestionLength: 200, maxSearchLength: 100 } as const;
/** Rows per page: the settings page's job list, and the public /careers/{slug} list (?page=N). */
export const CareerSitePaging = { settingsPageSize: 50, publicPageSize: 50, maxPage: 10_000 } as const;

/**
 * A question of the apply form. Without `type` it is free text (as before the question bank); a question
 * added from the bank (issue 13) keeps the bank's type and options as they were when it was added.
 */
export const ZApplyQuestion = z
  .object({
    id: z.string().trim().regex(/^[a-z0-9-]{1,30}$/, { error: 'must be 1-30 lowercase letters, digits or dashes' }),
    label: zText().trim().min(1, { error: 'is required' }).max(CareerSiteValidation.maxQuestionLength, { error: 'is too long' }),
    required: z.boolean().default(false),
    type: z.enum(ScreeningQuestionTypes, { error: `must be one of ${ScreeningQuestionTypes.join(', ')}` }).optional(),
    options: z
      .array(zText().trim().min(1, { error: 'must not be empty' }).max(ScreeningQuestionRules.maxOptionLength, { error: 'is too long' }))
      .max(ScreeningQuestionRules.maxOptions, { error: `may have at most ${ScreeningQuestionRules.maxOptions} options` })
      .optional(),
  })
  .refine((q) => q.type !== 'single_choice' || (q.options?.length ?? 0) >= 2, { error: ScreeningQuestionMessages.needsOptions, path: ['options'] });
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

/** The career-site page's own content; the apply form is saved through page-customization. */
export const ZUpdateCareerSiteRequest = z.object({
  intro: zMultilineText().trim().max(CareerSiteValidation.maxIntroLength, { error: 'is too long' }),
});
export type TUpdateCareerSiteRequest = z.infer<typeof ZUpdateCareerSiteRequest>;

export const ZApplyFormSettings = z.object({ applyForm: ZApplyForm });
export type TApplyFormSettings = z.infer<typeof ZApplyFormSettings>;
export const ZUpdateApplyFormRequest = ZApplyFormSettings;
export type TUpdateApplyFormRequest = z.infer<typeof ZUpdateApplyFormRequest>;

export const ZCareerSiteJob = z.object({ id: z.string(), title: z.string(), status: z.string(), published: z.boolean(), location: z.string() });
export const ZCareerSiteJobs = z.object({ items: z.array(ZCareerSiteJob), total: z.number(), page: z.number(), pageSize: z.number() });
export type TCareerSiteJobs = z.infer<typeof ZCareerSiteJobs>;

/** GET /api/career-site/jobs: a page of listable jobs, optionally those whose title contains q. */
export const ZCareerSiteJobsQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be at least 1' }).max(CareerSitePaging.maxPage).default(1),
  q: z.string().trim().max(CareerSiteValidation.maxSearchLength, { error: 'is too long' }).default(''),
});
export type TCareerSiteJobsQuery = z.infer<typeof ZCareerSiteJobsQuery>;
export type TCareerSiteJob = z.infer<typeof ZCareerSiteJob>;

export const ZPublishJobsRequest = z.object({
  published: z.array(ZObjectId).max(5000),
  unpublished: z.array(ZObjectId).max(5000),
});
export type TPublishJobsRequest = z.infer<typeof ZPublishJobsRequest>;
export const ZPublishJobsResult = z.object({ changed: z.number() });
export type TPublishJobsResult = z.infer<typeof ZPublishJobsResult>;
