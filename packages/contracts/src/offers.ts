import { z } from 'zod';
import { ZObjectId, ZUserRef, ZNamedRef, zMultilineText, zText } from './common';
import { ZApprovalChainState } from './approvals';

// ---------------------------------------------------------------------------------------------
// Offers: created from an application in an offer-kind stage, approved through the offer chain (the
// approvals module), rendered to a PDF letter, sent to the candidate's public page, accepted by typed
// signature or declined; then joined or no-show. Money travels as decimal strings and is stored in
// integer minor units: never a floating-point number.
// ---------------------------------------------------------------------------------------------

/**
 * Answers: applicationOffers GET -> ZApplicationOffers, POST -> 201 ZOffer; offerOptions -> ZOfferOptions; offers and
 * offersAwaitingAnswer -> ZOfferList; offer GET/PUT, submit, send, revoke, outcome -> ZOffer; letter/signedLetter ->
 * application/pdf. The approval itself goes through ApprovalApi (kind "offer", subjectId = the offer's id).
 */
export const OfferApi = {
  /** GET: the offers of an application (newest first); POST: create one (a draft, or submitted at once). */
  applicationOffers: '/api/applications/:id/offers',
  /** GET: what the create form needs for this application: defaults, letter templates, custom fields. */
  offerOptions: '/api/applications/:id/offer-options',
  /** GET ?status&jobId&page: offers the caller may see (newest first). */
  offers: '/api/offers',
  /** GET: the dashboard's "offers sent and not yet answered" (mine: on jobs I run). */
  offersAwaitingAnswer: '/api/offers/awaiting-answer',
  /** GET the offer (/offer-approval/{offerId}); PUT: change it (a compensation change after approval re-approves). */
  offer: '/api/offers/:id',
  submit: '/api/offers/:id/submit',
  /** GET: the letter as a PDF from the offer's current fields (preview), or the sent letter once sent. */
  letter: '/api/offers/:id/letter.pdf',
  /** GET: the signed copy, once accepted. */
  signedLetter: '/api/offers/:id/signed.pdf',
  send: '/api/offers/:id/send',
  revoke: '/api/offers/:id/revoke',
  /** After the start date: joined or no-show. */
  outcome: '/api/offers/:id/outcome',
  /** The recruiter's view of the new hire's onboarding documents, and reviewing one. */
  onboarding: '/api/offers/:id/onboarding',
  reviewOnboardingDocument: '/api/offers/:id/onboarding/:documentId/review',
  /** company-settings/onboarding-documents */
  onboardingDocuments: '/api/onboarding-documents',
  onboardingDocument: '/api/onboarding-documents/:id',
} as const;

/** The candidate's public pages (server-rendered, no sign-in): the token is the only key. */
export const OfferPublicPaths = {
  page: '/offer/:token',
  letter: '/offer/:token/letter.pdf',
  signedLetter: '/offer/:token/signed.pdf',
  accept: '/offer/:token/accept',
  decline: '/offer/:token/decline',
  uploadDocument: '/offer/:token/documents/:documentId',
} as const;
export const offerPublicPath = (token: string) => OfferPublicPaths.page.replace(':token', token);

export const OfferLimits = {
  maxTitleLength: 120,
  maxTextLength: 2000,
  maxReasonLength: 1000,
  maxSignatureLength: 120,
  /** Base pay and bonus, in major units. */
  maxAmount: 1_000_000_000,
  pageSize: 25,
} as const;

export const OfferStatuses = ['draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'revoked', 'expired', 'joined', 'no_show'] as const;
export type TOfferStatus = (typeof OfferStatuses)[number];
export const OfferStatusLabels: Record<TOfferStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  revoked: 'Revoked',
  expired: 'Expired',
  joined: 'Joined',
  no_show: 'No-show',
};
/** An application has at most one open offer: one in these states. */
export const OpenOfferStatuses = ['draft', 'pending_approval', 'approved', 'sent'] as const satisfies readonly TOfferStatus[];
/** Fields may change while the offer is in these states (after approval a compensation change re-approves). */
export const EditableOfferStatuses = ['draft', 'approved'] as const satisfies readonly TOfferStatus[];

/** Every change is an offer event: what the offer and time-to-hire reports read. */
export const OfferEventKinds = [
  'created', 'changed', 'submitted', 'approved', 'approval_rejected', 'approval_withdrawn', 'reapproval_required',
  'sent', 'viewed', 'accepted', 'declined', 'revoked', 'expired', 'joined', 'no_show',
] as const;
export type TOfferEventKind = (typeof OfferEventKinds)[number];

export const PayPeriods = ['year', 'month', 'hour'] as const;
export type TPayPeriod = (typeof PayPeriods)[number];
export const PayPeriodLabels: Record<TPayPeriod, string> = { year: 'a year', month: 'a month', hour: 'an hour' };

// ---------- Money: decimal strings outside, integer minor units inside ----------

/** Digits after the decimal point of a currency (JPY 0, EUR 2, KWD 3), from the platform's currency data. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "85000.5" EUR -> 8500050 (exact: string arithmetic, no floating point). Null when it has more decimals than the currency. */
export function toMinorUnits(amount: string, currency: string): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const digits = currencyDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(m[1]! + fraction.padEnd(digits, '0'));
}

/** 8500050 EUR -> "85000.50". */
export function fromMinorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const s = String(Math.trunc(minor)).padStart(digits + 1, '0');
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** "EUR 85,000.50" for letters, mails and lists. */
export function formatMoney(amount: string, currency: string): string {
  const [whole, fraction] = amount.split('.');
  return `${currency} ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal amount as typed ("85000" or "85000.50"); pair it with a currency and toMinorUnits. */
export const zAmount = z
  .string({ error: 'must be an amount such as 85000 or 85000.50' })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,3})?$/, { error: 'must be an amount such as 85000 or 85000.50' });

const zDate = () => z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const ZCompensationInput = z
  .object({
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code such as EUR' }),
    baseAmount: zAmount,
    period: z.enum(PayPeriods, { error: `must be one of ${PayPeriods.join(', ')}` }),
    bonusAmount: zAmount.nullable().default(null),
    equity: zMultilineText().trim().max(OfferLimits.maxTextLength, { error: 'is too long' }).default(''),
    otherTerms: zMultilineText().trim().max(OfferLimits.maxTextLength, { error: 'is too long' }).default(''),
  })
  .superRefine((c, ctx) => {
    for (const key of ['baseAmount', 'bonusAmount'] as const) {
      const value = c[key];
      if (value === null) continue;
      const minor = toMinorUnits(value, c.currency);
      if (minor === null) ctx.addIssue({ code: 'custom', path: [key], message: `has more decimals than ${c.currency} allows (${currencyDigits(c.currency)})` });
      else if (Number(value) > OfferLimits.maxAmount) ctx.addIssue({ code: 'custom', path: [key], message: 'is too large' });
      else if (key === 'baseAmount' && minor === 0) ctx.addIssue({ code: 'custom', path: [key], message: 'must be more than 0' });
    }
  });
export type TCompensationInput = z.infer<typeof ZCompensationInput>;

export const ZOfferInput = z.object({
  jobTitle: zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(OfferLimits.maxTitleLength, { error: 'is too long' }),
  startDate: zDate(),
  /** The last day the candidate can accept (the link stops working after it). */
  expiryDate: zDate(),
  compensation: ZCompensationInput,
  /** A company template of kind "offer"; null: the standard letter. */
  templateId: ZObjectId.nullable().default(null),
  /** Whom the new hire reports to; defaults to the job's hiring manager. */
  managerId: ZObjectId.nullable().default(null),
  customFields: z
    .record(z.string().max(60), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .refine((r) => Object.keys(r).length <= 50, { error: 'has too many fields' })
    .default({}),
  /** Internal note for approvers; never in the letter. */
  note: zMultilineText().trim().max(OfferLimits.maxTextLength, { error: 'is too long' }).default(''),
});
export type TOfferInput = z.infer<typeof ZOfferInput>;

export const ZCreateOfferRequest = ZOfferInput.extend({ submit: z.boolean().default(false) });
export type TCreateOfferRequest = z.infer<typeof ZCreateOfferRequest>;
export const ZUpdateOfferRequest = ZOfferInput;
export type TUpdateOfferRequest = TOfferInput;

export const ZRevokeOfferRequest = z.object({
  reason: zMultilineText().trim().min(1, { error: 'is required (the candidate is told why)' }).max(OfferLimits.maxReasonLength, { error: 'is too long' }),
});
export type TRevokeOfferRequest = z.infer<typeof ZRevokeOfferRequest>;

export const OfferOutcomes = ['joined', 'no_show'] as const;
export const ZOfferOutcomeRequest = z.object({
  outcome: z.enum(OfferOutcomes, { error: 'must be joined or no_show' }),
  note: zMultilineText().trim().max(OfferLimits.maxReasonLength, { error: 'is too long' }).default(''),
});
export type TOfferOutcomeRequest = z.infer<typeof ZOfferOutcomeRequest>;

export const ZOffersQuery = z.object({
  status: z.enum(OfferStatuses, { error: `must be one of ${OfferStatuses.join(', ')}` }).optional(),
  jobId: ZObjectId.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type TOffersQuery = z.infer<typeof ZOffersQuery>;

// ---------- What the API answers ----------

export const ZCompensation = z.object({
  currency: z.string(),
  baseAmount: z.string(),
  period: z.enum(PayPeriods),
  bonusAmount: z.string().nullable(),
  equity: z.string(),
  otherTerms: z.string(),
});
export type TCompensation = z.infer<typeof ZCompensation>;

export const ZOfferEvent = z.object({
  kind: z.enum(OfferEventKinds),
  at: z.string(),
  by: ZUserRef.nullable(),
  note: z.string(),
});

export const ZOfferAcceptance = z.object({ typedName: z.string(), at: z.string(), ip: z.string(), userAgent: z.string() });

export const ZOffer = z.object({
  id: z.string(),
  applicationId: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  job: ZNamedRef,
  status: z.enum(OfferStatuses),
  jobTitle: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  compensation: ZCompensation,
  template: ZNamedRef.nullable(),
  manager: ZUserRef.nullable(),
  customFields: z.record(z.string(), z.unknown()),
  /** The labels of the company's offer custom fields by key (for showing customFields). */
  customFieldLabels: z.record(z.string(), z.string()),
  note: z.string(),
  createdBy: ZUserRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string(),
  revokeReason: z.string(),
  acceptance: ZOfferAcceptance.nullable(),
  /** The offer chain (approvals module). */
  approval: ZApprovalChainState,
  events: z.array(ZOfferEvent),
  /** What the caller may do now. */
  can: z.object({ edit: z.boolean(), submit: z.boolean(), send: z.boolean(), revoke: z.boolean(), recordOutcome: z.boolean() }),
});
export type TOffer = z.infer<typeof ZOffer>;

export const ZOfferSummary = ZOffer.pick({ id: true, applicationId: true, candidate: true, job: true, status: true, jobTitle: true, startDate: true, expiryDate: true, compensation: true, sentAt: true, createdAt: true });
export type TOfferSummary = z.infer<typeof ZOfferSummary>;
export const ZOfferList = z.object({ items: z.array(ZOfferSummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type TOfferList = z.infer<typeof ZOfferList>;

export const ZApplicationOffers = z.object({ items: z.array(ZOffer) });
export type TApplicationOffers = z.infer<typeof ZApplicationOffers>;

export const ZOfferOptions = z.object({
  /** Defaults for the form: the job's title, its hiring manager, the salary band's currency. */
  defaults: z.object({ jobTitle: z.string(), managerId: z.string().nullable(), currency: z.string().nullable() }),
  templates: z.array(ZNamedRef),
  customFields: z.array(
    z.object({ key: z.string(), label: z.string(), type: z.enum(['text', 'number', 'date', 'dropdown', 'yesno']), required: z.boolean(), options: z.array(z.string()) }),
  ),
  /** Why no offer can be made now (not in an offer stage, an open offer exists, not on the hiring team); null when it can. */
  blockedReason: z.string().nullable(),
});
export type TOfferOptions = z.infer<typeof ZOfferOptions>;

export const OfferMessages = {
  notOfferStage: 'Offers are made from an offer stage. Move the application to an offer stage first.',
  openOfferExists: 'This application already has an open offer. Revoke it or let it run out before making another.',
  notOnTeam: "Only the job's owners, its hiring manager and admins make offers.",
  startBeforeToday: 'startDate: must not be in the past',
  expiryBeforeToday: 'expiryDate: must be today or later',
  linkInvalid: 'This offer link is not valid. Ask the company for a new one.',
  expired: 'This offer has expired. Contact the company if you are still interested.',
  revoked: 'This offer has been withdrawn by the company.',
  alreadyAccepted: 'You have already accepted this offer.',
  alreadyDeclined: 'You have already declined this offer.',
  signatureMismatch: 'Type your full name exactly as it appears on the offer to sign it.',
} as const;
