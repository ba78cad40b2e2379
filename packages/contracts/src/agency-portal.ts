import { z } from 'zod';
import { ZEmail, ZName, ZNamedRef, ZNewPassword, ZObjectId, zMultilineText } from './common';
import { ZOptionalPhone } from './candidates';
import { ZLoginRequest, ZOtpLoginRequest, ZResetInitiateRequest, ZSendOtpRequest } from './auth';
import { AuthMessages } from './auth-constants';
import { CoarseStatuses } from './referrals';

// ---------------------------------------------------------------------------------------------
// The agency portal. Agency users are their own kind of account (not company users): they sign in on
// /agencies-login/{customerslug}/{agencyid} with the same rules as staff (password with captcha,
// one-time code, lockouts) and get a token that reaches only these calls; every internal call
// answers 403 to it. The SPA keeps the answer as `agencyLogin` and shows /applied-by-agencies.
// ---------------------------------------------------------------------------------------------

/**
 * Answers: signInPage -> ZAgencySignInPage; login, otpLogin -> ZAgencySessionResponse; sendOtp, resetInitiate,
 * setPassword -> ZMessageResponse (auth.ts); me -> ZAgencyMe; jobs -> ZPortalJobList; job -> ZPortalJob;
 * submissions GET -> ZPortalSubmissionList, POST (multipart: ZPortalSubmitRequest fields + optional file
 * "resume") -> 201 ZPortalSubmission; a duplicate -> 409 with details ZDuplicateSubmission;
 * colleagues GET -> ZAgencyColleague[], POST -> 201 ZAgencyColleague; logout -> 204.
 */
export const AgencyPortalApi = {
  // Public: no token.
  /** GET: the company's and agency's names for the sign-in page (404 when the link is wrong). */
  signInPage: '/api/agency-portal/sign-in/:customerSlug/:agencyId',
  login: '/api/agency-portal/sign-in/:customerSlug/:agencyId/login',
  sendOtp: '/api/agency-portal/sign-in/:customerSlug/:agencyId/otp',
  otpLogin: '/api/agency-portal/sign-in/:customerSlug/:agencyId/otp-login',
  resetInitiate: '/api/agency-portal/sign-in/:customerSlug/:agencyId/reset',
  /** POST: choose a password with the key of an invitation or reset mail. */
  setPassword: '/api/agency-portal/password',
  // With an agency token.
  me: '/api/agency-portal/me',
  logout: '/api/agency-portal/logout',
  /** GET ?page: the jobs assigned to the agency that are open. */
  jobs: '/api/agency-portal/jobs',
  job: '/api/agency-portal/jobs/:id',
  /** GET ?jobId&page: the agency's submissions (every colleague's), newest first; POST multipart: submit a candidate. */
  submissions: '/api/agency-portal/submissions',
  /** GET / POST: the agency's users; only the contact person may add one. */
  colleagues: '/api/agency-portal/colleagues',
} as const;

/** The SPA's sign-in page of an agency, and the key a mail puts on it (`?key=`) to choose a password. */
export const agencySignInPath = (customerSlug: string, agencyId: string) => `/agencies-login/${customerSlug}/${agencyId}`;

export const ZAgencySignInParams = z.object({ customerSlug: z.string().trim().toLowerCase().max(60), agencyId: ZObjectId });

export const ZAgencySignInPage = z.object({
  companyName: z.string(),
  agencyName: z.string(),
  /** Only an active or paused agency can sign in; otherwise the page says so. */
  canSignIn: z.boolean(),
});
export type TAgencySignInPage = z.infer<typeof ZAgencySignInPage>;

export const ZAgencyLoginRequest = ZLoginRequest;
export const ZAgencySendOtpRequest = ZSendOtpRequest;
export const ZAgencyOtpLoginRequest = ZOtpLoginRequest;
export const ZAgencyResetInitiateRequest = ZResetInitiateRequest;
export const ZAgencySetPasswordRequest = z
  .object({ key: z.string().trim().min(16, { error: 'This link is invalid' }).max(200), password: ZNewPassword, confirmpassword: z.string() })
  .refine((v) => v.password === v.confirmpassword, { path: ['confirmpassword'], message: AuthMessages.passwordsDoNotMatch });
export type TAgencySetPasswordRequest = z.infer<typeof ZAgencySetPasswordRequest>;

export const ZAgencyMe = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), isContact: z.boolean() }),
  agency: z.object({ id: z.string(), name: z.string(), status: z.enum(['active', 'paused']), maxCandidatesPerJob: z.number() }),
  company: z.object({ name: z.string(), slug: z.string() }),
});
export type TAgencyMe = z.infer<typeof ZAgencyMe>;

export const ZAgencySessionResponse = ZAgencyMe.extend({ token: z.string() });
export type TAgencySessionResponse = z.infer<typeof ZAgencySessionResponse>;

/** What the SPA keeps in localStorage `agencyLogin` (the token goes to `token`, as for staff). */
export const ZAgencyLogin = z.object({ agencyId: z.string(), customerSlug: z.string(), agencyName: z.string(), companyName: z.string(), userName: z.string() });
export type TAgencyLogin = z.infer<typeof ZAgencyLogin>;

export const ZPortalPageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), jobId: ZObjectId.optional() });

export const ZPortalJob = z.object({
  id: z.string(),
  title: z.string(),
  location: ZNamedRef.nullable(),
  department: ZNamedRef.nullable(),
  /** Sanitised HTML. */
  descriptionHtml: z.string(),
  /** e.g. "EUR 60,000 - 80,000 a year"; null unless the company shares salaries with this agency. */
  salaryBand: z.string().nullable(),
  submitted: z.number(),
  /** How many more candidates the agency may submit to this job. */
  remaining: z.number(),
});
export type TPortalJob = z.infer<typeof ZPortalJob>;
export const ZPortalJobList = z.object({ items: z.array(ZPortalJob), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPortalJobList = z.infer<typeof ZPortalJobList>;

export const ZPortalSubmitRequest = z.object({
  jobId: ZObjectId,
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  phone: ZOptionalPhone,
  note: zMultilineText().trim().max(2000, { error: 'must be at most 2000 characters' }).optional().default(''),
});
export type TPortalSubmitRequest = z.infer<typeof ZPortalSubmitRequest>;

export const ZPortalSubmission = z.object({
  id: z.string(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  job: ZNamedRef,
  submittedBy: z.object({ id: z.string(), name: z.string() }),
  submittedAt: z.string(),
  status: z.enum(CoarseStatuses),
});
export type TPortalSubmission = z.infer<typeof ZPortalSubmission>;
export const ZPortalSubmissionList = z.object({ items: z.array(ZPortalSubmission), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPortalSubmissionList = z.infer<typeof ZPortalSubmissionList>;

/** The details of a 409 for a duplicate: who submitted the person first and when. */
export const ZDuplicateSubmission = z.object({
  /** The other agency's name, or null when the person was already in the company's database. */
  firstSubmitter: z.string().nullable(),
  at: z.string(),
});
export type TDuplicateSubmission = z.infer<typeof ZDuplicateSubmission>;

export const ZAgencyColleagueRequest = z.object({ name: ZName, email: ZEmail });
export const ZAgencyColleague = z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string(), isContact: z.boolean(), lastLoginAt: z.string().nullable() });
export type TAgencyColleague = z.infer<typeof ZAgencyColleague>;

const day = (iso: string) => iso.slice(0, 10);
export const AgencyPortalMessages = {
  agencyTokenRefused: 'Agency accounts can only use the agency portal.',
  notAnAgencySession: 'Please sign in through your agency link.',
  agencyPaused: 'The company has paused your agency: you can follow your submissions, but not submit new candidates.',
  cannotSignIn: 'This agency cannot sign in: it is not approved, or its access has ended.',
  jobNotAssigned: 'This job is not assigned to your agency.',
  jobLimitReached: (max: number) => `Your agency has already submitted ${max} candidates to this job, the most the company allows.`,
  duplicateByAgency: (agency: string, at: string) => `This candidate was already submitted to the company by ${agency} on ${day(at)}.`,
  duplicateInDatabase: (at: string) => `This candidate is already in the company's database (since ${day(at)}).`,
  duplicateSameJob: 'Your agency has already submitted this candidate to this job.',
  onlyContactAddsColleagues: 'Only your agency\u2019s contact person can add colleagues.',
  colleagueExists: 'This person already has an account for your agency.',
} as const;
