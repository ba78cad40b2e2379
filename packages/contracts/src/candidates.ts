import { z } from 'zod';
import { ZMobile, zMultilineText, zText } from './common';

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
});
export type TJobApplicant = z.infer<typeof ZJobApplicant>;
export const ZJobApplicantList = z.object({ items: z.array(ZJobApplicant), total: z.number(), page: z.number(), pageSize: z.number() });
export type TJobApplicantList = z.infer<typeof ZJobApplicantList>;
