import { Types } from 'mongoose';
import type { THoldApplicationResult } from '@hireflow/contracts/pipeline';
import { AppError } from '../../../lib/app-error';
import { publishLiveEvents } from '../../../lib/live-events/publish';
import { withTransaction } from '../../jobs/with-transaction';
import { Application, type ApplicationDoc } from '../../candidates/applications/application.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { presentCards } from '../cards';
import { loadJobForMoves } from '../move/move-application';
import type { Actor } from './screening-jobs';

/**
 * Puts an applicant on hold (out of the screening queue, on the on-hold list) or back. Only the job's hiring
 * team; the candidate's timeline says who did it, and open boards hear of it in the same transaction.
 */
export async function holdApplication({ customerId, actor, applicationId, onHold }: { customerId: Types.ObjectId; actor: Actor; applicationId: string; onHold: boolean }): Promise<THoldApplicationResult> {
  const application = (await Application.findOne({ customerId, _id: new Types.ObjectId(applicationId) }).lean()) as ApplicationDoc | null;
  if (!application) throw AppError.notFound('Application');
  const job = await loadJobForMoves(customerId, actor, application.jobId);
  const [card] = await presentCards(customerId, [{ ...application, onHold }]);
  if (Boolean(application.onHold) === onHold) return { card: card! };
  const at = new Date();
  await withTransaction(async (session) => {
    await Application.updateOne({ customerId, _id: application._id }, { $set: { onHold } }, { session });
    await recordCandidateActivity(
      { customerId, candidateId: application.candidateId, kind: 'on_hold', by: actor._id, at, applicationId: application._id, jobId: job._id, summary: onHold ? `Put on hold on ${job.title}` : `Taken off hold on ${job.title}`, data: { onHold } },
      session,
    );
    await publishLiveEvents(
      [{ customerId, kind: 'application.updated', at, jobId: job._id, applicationId: application._id, candidateId: application.candidateId, byUserId: actor._id, teamIds: job.memberIds ?? [], data: { card } }],
      session,
    );
  });
  return { card: card! };
}
