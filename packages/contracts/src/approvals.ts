import { z } from 'zod';
import { ZNamedRef, ZObjectId, ZUserRef, zMultilineText } from './common';

// ---------------------------------------------------------------------------------------------
// Approvals: one mechanism for vacancy (requisition), offer and agency approvals. An ordered chain of
// approvers chosen by kind and business unit (company-settings/approvers); the current approver
// approves or rejects with a comment; the requester withdraws; an admin reassigns a stuck step.
// ---------------------------------------------------------------------------------------------

export const ApprovalKinds = ['vacancy', 'offer', 'agency'] as const;
export type TApprovalKind = (typeof ApprovalKinds)[number];

export const ApprovalApi = {
  /** Chains per kind and business unit (company-settings/approvers). */
  chains: '/api/approval-chains',
  /** GET ?kind&view&page: what waits for me, what I decided, what I asked for (/vacancy-approval-all, /offer-approval-all). */
  approvals: '/api/approvals',
  decide: '/api/approvals/:kind/:subjectId/decision',
  withdraw: '/api/approvals/:kind/:subjectId/withdraw',
  reassign: '/api/approvals/:kind/:subjectId/reassign',
} as const;

export const ApprovalLimits = { maxApprovers: 10, maxCommentLength: 1000, pageSize: 25 } as const;

/** pending: an approver must decide; withdrawn: the requester took it back; cancelled: the subject went away (e.g. an offer revoked). */
export const ApprovalStatuses = ['pending', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type TApprovalStatus = (typeof ApprovalStatuses)[number];

export const ZApprovalParams = z.object({
  kind: z.enum(ApprovalKinds, { error: `must be one of ${ApprovalKinds.join(', ')}` }),
  subjectId: ZObjectId,
});

// ---------- Chains (company-settings/approvers) ----------

export const ZApprovalChain = z.object({
  id: z.string(),
  kind: z.enum(ApprovalKinds),
  businessUnit: ZNamedRef.nullable(),
  approvers: z.array(ZUserRef),
});
export type TApprovalChain = z.infer<typeof ZApprovalChain>;

export const ZApprovalChainsQuery = z.object({ kind: z.enum(ApprovalKinds).optional() });

export const ZSaveApprovalChainRequest = z.object({
  kind: z.enum(ApprovalKinds, { error: `must be one of ${ApprovalKinds.join(', ')}` }),
  businessUnitId: ZObjectId.nullable().default(null),
  approverIds: z
    .array(ZObjectId)
    .max(ApprovalLimits.maxApprovers, { error: `may have at most ${ApprovalLimits.maxApprovers} approvers` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'lists the same approver twice' }),
});
export type TSaveApprovalChainRequest = z.infer<typeof ZSaveApprovalChainRequest>;

// ---------- Decisions and chain changes ----------

const zComment = () => zMultilineText().trim().max(ApprovalLimits.maxCommentLength, { error: 'is too long' }).default('');

export const ApprovalDecisions = ['approve', 'reject'] as const;
export const ZDecideApprovalRequest = z
  .object({
    decision: z.enum(ApprovalDecisions, { error: 'must be approve or reject' }),
    comment: zComment(),
  })
  .refine((d) => d.decision === 'approve' || d.comment.length > 0, { error: 'is required when rejecting (tell the requester why)', path: ['comment'] });
export type TDecideApprovalRequest = z.infer<typeof ZDecideApprovalRequest>;

/** The requester takes a pending request back. */
export const ZWithdrawApprovalRequest = z.object({ comment: zComment() });
export type TWithdrawApprovalRequest = z.infer<typeof ZWithdrawApprovalRequest>;

/** A company admin hands the current step to another active user (e.g. the approver left). */
export const ZReassignApprovalRequest = z.object({ approverId: ZObjectId, comment: zComment() });
export type TReassignApprovalRequest = z.infer<typeof ZReassignApprovalRequest>;

// ---------- The chain as a subject's page shows it ----------

/** `opened` is the vacancy's job opening after the last approval; `cancelled` the subject going away mid-chain. */
export const ApprovalHistoryActions = ['submitted', 'skipped', 'approved', 'rejected', 'reassigned', 'withdrawn', 'cancelled', 'opened'] as const;
export type TApprovalHistoryAction = (typeof ApprovalHistoryActions)[number];

export const ZApprovalStep = z.object({
  order: z.number(),
  approver: ZUserRef,
  state: z.enum(['waiting', 'current', 'approved', 'rejected']),
  comment: z.string(),
  decidedAt: z.string().nullable(),
});
export type TApprovalStep = z.infer<typeof ZApprovalStep>;

export const ZApprovalHistoryEntry = z.object({
  round: z.number(),
  action: z.enum(ApprovalHistoryActions),
  by: ZUserRef.nullable(),
  comment: z.string(),
  at: z.string(),
});
export type TApprovalHistoryEntry = z.infer<typeof ZApprovalHistoryEntry>;

/** The chain of one subject (null status: never submitted) and what the caller may do with it now. */
export const ZApprovalChainState = z.object({
  status: z.enum(ApprovalStatuses).nullable(),
  round: z.number(),
  steps: z.array(ZApprovalStep),
  history: z.array(ZApprovalHistoryEntry),
  canDecide: z.boolean(),
  canWithdraw: z.boolean(),
  canReassign: z.boolean(),
});
export type TApprovalChainState = z.infer<typeof ZApprovalChainState>;

// ---------- The list (/vacancy-approval-all, /offer-approval-all, the dashboard card) ----------

export const ApprovalViews = ['pending', 'decided', 'requested'] as const;
export type TApprovalView = (typeof ApprovalViews)[number];

export const ZApprovalsQuery = z.object({
  kind: z.enum(ApprovalKinds, { error: `must be one of ${ApprovalKinds.join(', ')}` }).optional(),
  view: z.enum(ApprovalViews, { error: `must be one of ${ApprovalViews.join(', ')}` }).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});
export type TApprovalsQuery = z.infer<typeof ZApprovalsQuery>;

export const ZApprovalSummary = z.object({
  id: z.string(),
  kind: z.enum(ApprovalKinds),
  subjectId: z.string(),
  /** What is asked for, e.g. the position's title or "Offer: Jane Doe, Backend Engineer". */
  title: z.string(),
  /** One line of what the approver weighs, e.g. "2 positions, Engineering, Berlin" or "EUR 85,000 a year". */
  detail: z.string(),
  /** The SPA page of this approval, e.g. /vacancy-approval/{id} or /offer-approval/{id}. */
  link: z.string(),
  status: z.enum(ApprovalStatuses),
  requester: ZUserRef,
  currentApprover: ZUserRef.nullable(),
  submittedAt: z.string().nullable(),
  myDecision: z.enum(['approved', 'rejected']).nullable(),
  myDecidedAt: z.string().nullable(),
});
export type TApprovalSummary = z.infer<typeof ZApprovalSummary>;
export const ZApprovalList = z.object({ items: z.array(ZApprovalSummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type TApprovalList = z.infer<typeof ZApprovalList>;

/** The SPA page of one approval of each kind. */
export const ApprovalPagePaths: Record<TApprovalKind, string> = {
  vacancy: '/vacancy-approval/:id',
  offer: '/offer-approval/:id',
  agency: '/agency-approval/:id',
};
export const approvalPagePath = (kind: TApprovalKind, subjectId: string) => ApprovalPagePaths[kind].replace(':id', subjectId);
