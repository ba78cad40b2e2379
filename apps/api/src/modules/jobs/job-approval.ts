import type { Types } from 'mongoose';
import type { TRequisitionStatus } from '@hireflow/contracts/jobs';
import { Requisition } from './requisition.model';

/** The status of the requisition a job came from, or null for a job created directly. */
export async function requisitionStatusOf(customerId: Types.ObjectId, job: { requisitionId?: Types.ObjectId | null }): Promise<TRequisitionStatus | null> {
  if (!job.requisitionId) return null;
  const req = await Requisition.findOne({ customerId, _id: job.requisitionId }, { status: 1 }).lean();
  // A job whose requisition has vanished is treated as unapproved: nobody approved it.
  return req?.status ?? 'draft';
}
