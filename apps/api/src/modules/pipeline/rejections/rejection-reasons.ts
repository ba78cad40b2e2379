import type { Types } from 'mongoose';
import { DefaultRejectionReasons, PipelineMessages } from '@hireflow/contracts/pipeline';
import { AppError } from '../../../lib/app-error';
import { RejectionReason, type RejectionReasonDoc } from './rejection-reason.model';

export const reasonKey = (label: string) => label.trim().toLowerCase().replace(/\s+/g, ' ');

/** The company's reasons in their order; a company that never edited the list gets the default set on first use. */
export async function loadRejectionReasons(customerId: Types.ObjectId): Promise<RejectionReasonDoc[]> {
  const rows = await RejectionReason.find({ customerId }).sort({ position: 1, _id: 1 }).lean<RejectionReasonDoc[]>();
  if (rows.length) return rows;
  await RejectionReason.insertMany(
    DefaultRejectionReasons.map((label, position) => ({ customerId, label, labelKey: reasonKey(label), position })),
    { ordered: false },
  ).catch((error: { code?: number }) => {
    // Two first uses at once: the other one wrote the defaults.
    if (error.code !== 11000) throw error;
  });
  return RejectionReason.find({ customerId }).sort({ position: 1, _id: 1 }).lean<RejectionReasonDoc[]>();
}

/** The list's own spelling of an active reason, or a 400 that says what to do. */
export function assertActiveReason(reasons: RejectionReasonDoc[], reason: string | undefined): string {
  if (!reason?.trim()) throw AppError.badRequest(PipelineMessages.reasonRequired);
  const found = reasons.find((r) => r.active && r.labelKey === reasonKey(reason));
  if (!found) throw AppError.badRequest(PipelineMessages.unknownReason);
  return found.label;
}
