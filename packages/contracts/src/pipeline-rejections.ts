import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { Pipeline } from './pipeline';

// ---------------------------------------------------------------------------------------------
// Rejection reasons in company settings (/company-settings/manage-lists/rejection-reasons): the list
// the reject dialog offers. Read by every signed-in user; changed with the Lists right.
// ---------------------------------------------------------------------------------------------

export const RejectionReasonLimits = {
  labelMax: Pipeline.reasonMax,
  /** Reasons one company keeps, active and retired together. */
  perCompany: 100,
} as const;

export const RejectionReasonMessages = {
  duplicate: (label: string) => `"${label}" is already in the list.`,
  tooMany: `A company keeps at most ${RejectionReasonLimits.perCompany} rejection reasons; retire or delete one first.`,
  inUse: (count: number) =>
    `This reason was used for ${count} ${count === 1 ? 'rejection' : 'rejections'}, so it cannot be deleted; retire it instead (it stays on past rejections and is no longer offered).`,
  reorderMismatch: 'The order must list every reason of the list exactly once; reload and try again.',
  lastActive: 'Keep at least one active reason: a rejection needs one.',
} as const;

const label = zText().trim().min(1, { error: 'is required' }).max(RejectionReasonLimits.labelMax, { error: `is too long (at most ${RejectionReasonLimits.labelMax} characters)` });

export const ZCreateRejectionReasonRequest = z.object({ label });
export type TCreateRejectionReasonRequest = z.input<typeof ZCreateRejectionReasonRequest>;

/** Rename, retire (active false) or restore (active true). */
export const ZUpdateRejectionReasonRequest = z
  .object({ label, active: z.boolean() })
  .partial()
  .refine((v) => v.label !== undefined || v.active !== undefined, { error: 'Nothing to change' });
export type TUpdateRejectionReasonRequest = z.input<typeof ZUpdateRejectionReasonRequest>;

/** Every reason's id in the new order. */
export const ZReorderRejectionReasonsRequest = z.object({ ids: z.array(ZObjectId).min(1, { error: 'is required' }).max(RejectionReasonLimits.perCompany, { error: 'has too many ids' }) });
export type TReorderRejectionReasonsRequest = z.input<typeof ZReorderRejectionReasonsRequest>;

export const RejectionReasonsApi = {
  /** PUT: the new order. */
  order: '/api/rejection-reasons/order',
} as const;
