import { z } from 'zod';
import { ZEmail, ZMobile, ZObjectId, zMultilineText, zText } from './common';

// ---------------------------------------------------------------------------------------------
// Candidates and applications: what jobs need now (the candidate database grows from here).
// ---------------------------------------------------------------------------------------------

/** The first-touch source of an application, fixed when it is created. */
export const ApplicationSources = ['career_site', 'referral', 'agency', 'sourced', 'import'] as const;
export type TApplicationSource = (typeof ApplicationSources)[number];
export const ApplicationSourceLabels: Record<TApplicationSource, string> = {
  career_site: 'Career site',
  referral: 'Referral',
  agency: 'Agency',
  sourced: 'Sourced',
  import: 'Import',
};

export const ResumeUpload = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: {
    'application/pdf': 'PDF',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  },
  accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export const CandidateValidation = { maxNameLength: 80, maxAnswerLength: 2000 } as const;

export const ZApplicantName = zText({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(CandidateValidation.maxNameLength, { error: 'is too long' });

/** An answer on the apply form: free text over several lines, cleaned like every stored text. */
export const zApplicantAnswer = (params?: Parameters<typeof zMultilineText>[0]) => zMultilineText(params).trim();

export const ZOptionalPhone = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZMobile.optional());

export const ZJobApplicant = z.object({
  applicationId: z.string(),
  candidateId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The candidate's phone ('' when they gave none). */
  phone: z.string(),
  /** What they answered on the apply form, each with the question as it was asked. */
  answers: z.array(z.object({ label: z.string(), answer: z.string() })),
  stage: z.object({ id: z.string(), name: z.string(), kind: z.string() }),
  source: z.enum(ApplicationSources),
  appliedAt: z.string(),
  resume: z.object({ fileId: z.string(), filename: z.string() }).nullable(),
  /** The reason of a rejection ('' otherwise; a withdrawal's note when withdrawn). */
  rejectionReason: z.string().default(''),
  /** The candidate withdrew (kept apart from a rejection). */
  withdrawn: z.boolean().default(false),
});
export type TJobApplicant = z.infer<typeof ZJobApplicant>;
export const ZJobApplicantList = z.object({ items: z.array(ZJobApplicant), total: z.number(), page: z.number(), pageSize: z.number() });
export type TJobApplicantList = z.infer<typeof ZJobApplicantList>;

// ---------------------------------------------------------------------------------------------
// The candidate database (issue 13). Shared by search, pinned profiles, the profile and campaigns;
// each sub-area adds its own request/response shapes below its heading.
// ---------------------------------------------------------------------------------------------

/** Where a candidate's résumé text stands: none, being extracted, extracted, or kept but unreadable. */
export const ResumeTextStates = ['none', 'pending', 'extracted', 'unreadable'] as const;
export type TResumeTextState = (typeof ResumeTextStates)[number];

/** What the timeline records. `viewed` and `exported` are the privacy audit trail (reports read them). */
export const CandidateActivityKinds = [
  'created', 'applied', 'added_to_job', 'stage_moved', 'email_sent', 'note_added', 'file_added',
  'profile_updated', 'merged', 'viewed', 'exported', 'unsubscribed', 'imported', 'on_hold',
  'interview_scheduled', 'interview_updated', 'feedback_submitted', 'offer_updated', 'onboarding_document', 'referred',
] as const;
export type TCandidateActivityKind = (typeof CandidateActivityKinds)[number];

export const CandidateDatabase = {
  pageSize: 25,
  /** The deepest page a search pages to; narrow the search to see further. */
  maxPage: 400,
  maxSkills: 100,
  maxTags: 50,
  maxTagLength: 40,
} as const;

/** One row of any candidate list (search results, pinned profiles, campaign recipients). */
export const ZCandidateSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  currentTitle: z.string(),
  currentCompany: z.string(),
  location: z.string(),
  experienceYears: z.number().nullable(),
  skills: z.array(z.string()),
  tags: z.array(z.string()),
  source: z.enum(ApplicationSources),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  pinned: z.boolean(),
});
export type TCandidateSummary = z.infer<typeof ZCandidateSummary>;

/** The candidate database's API paths (absolute; routers mount them under /api). */
export const CandidatesApi = {
  candidates: '/api/candidates',
  pinned: '/api/candidates/pinned',
  candidate: '/api/candidates/:id',
  pin: '/api/candidates/:id/pin',
} as const;

export const ZCandidateIdParams = z.object({ id: ZObjectId });

/** PUT / DELETE /api/candidates/:id/pin answer whether the candidate is now pinned for the caller. */
export const ZPinState = z.object({ pinned: z.boolean() });
export type TPinState = z.infer<typeof ZPinState>;

export const ZPinnedCandidates = z.object({ items: z.array(ZCandidateSummary.extend({ pinnedAt: z.string() })), total: z.number() });
export type TPinnedCandidates = z.infer<typeof ZPinnedCandidates>;

const zShortText = (max: number) => zText().trim().max(max, { error: 'is too long' });

/** A candidate's own fields, as a recruiter types them (the add form, an edit, an import row). */
export const ZCandidateFields = z.object({
  firstName: ZApplicantName,
  lastName: zShortText(CandidateValidation.maxNameLength).default(''),
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? '' : v), z.union([z.literal(''), ZEmail])).default(''),
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? '' : v), z.union([z.literal(''), ZMobile])).default(''),
  location: zShortText(120).default(''),
  currentTitle: zShortText(120).default(''),
  currentCompany: zShortText(120).default(''),
  experienceYears: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must not be negative' }).max(70, { error: 'is too large' }).nullable().default(null),
  skills: z.array(zShortText(60).min(1)).max(CandidateDatabase.maxSkills, { error: `may list at most ${CandidateDatabase.maxSkills} skills` }).default([]),
  tags: z.array(zShortText(CandidateDatabase.maxTagLength).min(1)).max(CandidateDatabase.maxTags, { error: `may list at most ${CandidateDatabase.maxTags} tags` }).default([]),
});
export type TCandidateFields = z.input<typeof ZCandidateFields>;
export type TCandidateFieldsParsed = z.output<typeof ZCandidateFields>;

/** 409 when the email is already someone's: the answer names the existing candidate. */
export const CandidateEmailTakenMessage = 'A candidate with this email address is already in the database.';
