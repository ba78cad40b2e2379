import { z } from 'zod';
import { zText } from './common';

// ---------------------------------------------------------------------------------------------
// The screening question bank (issue 13): the company's custom questions, managed by admins on
// company-settings/page-customization/questions and reused by the career-site apply form.
// ---------------------------------------------------------------------------------------------

export const ScreeningQuestionTypes = ['short_text', 'long_text', 'yes_no', 'single_choice', 'number'] as const;
export type TScreeningQuestionType = (typeof ScreeningQuestionTypes)[number];
export const ScreeningQuestionTypeLabels: Record<TScreeningQuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  yes_no: 'Yes / no',
  single_choice: 'Single choice',
  number: 'Number',
};

/** The answers a yes/no question takes, as the apply form sends and stores them. */
export const YesNoAnswers = ['Yes', 'No'] as const;

export const ScreeningQuestionRules = {
  maxTextLength: 200,
  maxOptions: 20,
  maxOptionLength: 100,
  maxSearchLength: 100,
  /** Questions one search answers (the bank's first page). */
  searchLimit: 20,
  pageSize: 50,
  maxPage: 1000,
} as const;

export const ScreeningQuestionsApi = {
  list: '/api/screening-questions',
  one: '/api/screening-questions/:id',
  /** SPEC section 7: search the bank by text; an empty text answers the first page. */
  search: '/api/search/custom/questions/:text',
} as const;

export const ScreeningQuestionMessages = {
  duplicate: 'The bank already has a question with this text.',
  needsOptions: 'A single-choice question needs at least two options.',
  optionsOnlyForChoice: 'Only a single-choice question has options.',
} as const;

const ZOption = zText().trim().min(1, { error: 'must not be empty' }).max(ScreeningQuestionRules.maxOptionLength, { error: 'is too long' });

const ZQuestionBody = z.object({
  text: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(ScreeningQuestionRules.maxTextLength, { error: 'is too long' }),
  type: z.enum(ScreeningQuestionTypes, { error: `must be one of ${ScreeningQuestionTypes.join(', ')}` }),
  options: z
    .array(ZOption)
    .max(ScreeningQuestionRules.maxOptions, { error: `may have at most ${ScreeningQuestionRules.maxOptions} options` })
    .refine((os) => new Set(os.map((o) => o.toLowerCase())).size === os.length, { error: 'two options are the same' })
    .default([]),
  active: z.boolean().default(true),
});

function checkOptions(q: { type?: TScreeningQuestionType; options?: string[] }, ctx: z.RefinementCtx) {
  if (q.type === undefined || q.options === undefined) return;
  if (q.type === 'single_choice' && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: ScreeningQuestionMessages.needsOptions });
  if (q.type !== 'single_choice' && q.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: ScreeningQuestionMessages.optionsOnlyForChoice });
}

export const ZCreateScreeningQuestion = ZQuestionBody.superRefine(checkOptions);
export type TCreateScreeningQuestion = z.input<typeof ZCreateScreeningQuestion>;

/** A change: any of the fields; type and options are checked together against the stored question. */
export const ZUpdateScreeningQuestion = z.object({
  text: ZQuestionBody.shape.text.optional(),
  type: ZQuestionBody.shape.type.optional(),
  // No defaults here: a field left out of a change stays as it is.
  options: z.array(ZOption).max(ScreeningQuestionRules.maxOptions, { error: `may have at most ${ScreeningQuestionRules.maxOptions} options` }).optional(),
  active: z.boolean().optional(),
});
export type TUpdateScreeningQuestion = z.input<typeof ZUpdateScreeningQuestion>;

export const ZScreeningQuestion = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(ScreeningQuestionTypes),
  options: z.array(z.string()),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type TScreeningQuestion = z.infer<typeof ZScreeningQuestion>;

export const ZScreeningQuestionList = z.object({ items: z.array(ZScreeningQuestion), total: z.number(), page: z.number(), pageSize: z.number() });
export type TScreeningQuestionList = z.infer<typeof ZScreeningQuestionList>;

export const ZScreeningQuestionListQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be at least 1' }).max(ScreeningQuestionRules.maxPage, { error: 'is too large' }).default(1),
  q: z.string().trim().max(ScreeningQuestionRules.maxSearchLength, { error: 'is too long' }).default(''),
});

/** POST /api/search/custom/questions/{text}: the active questions whose text contains it. */
export const ZScreeningQuestionSearchResult = z.object({ questions: z.array(ZScreeningQuestion) });
export type TScreeningQuestionSearchResult = z.infer<typeof ZScreeningQuestionSearchResult>;
