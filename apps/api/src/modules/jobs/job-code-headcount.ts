import type { Types } from 'mongoose';
import { AppError } from '../../lib/app-error';
import { JobCode } from '../org/job-code.model';

/**
 * The job-code rule for requisitions and their jobs: taking `more` openings beyond what is left of the
 * code's approved headcount needs a justification. Returns the code when the request goes beyond it
 * (justified), so the caller can record why; null when it fits.
 */
export async function checkJobCodeRoom(customerId: Types.ObjectId, jobCodeId: Types.ObjectId | string, more: number, justification: string | undefined, why: string): Promise<string | null> {
  if (more <= 0) return null;
  const code = await JobCode.findOne({ customerId, _id: jobCodeId }).lean();
  if (!code) return null;
  const left = code.approvedHeadcount - (code.usedHeadcount ?? 0);
  if (more <= left) return null;
  if (!justification) {
    throw AppError.badRequest(`headcountJustification: job code ${code.code} has ${Math.max(left, 0)} of ${code.approvedHeadcount} approved positions left; explain why ${why}`);
  }
  return code.code;
}
