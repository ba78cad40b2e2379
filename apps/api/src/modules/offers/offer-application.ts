import { Types } from 'mongoose';
import { OfferMessages, OpenOfferStatuses } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { Application, type ApplicationDoc } from '../candidates/applications/application.model';
import { seesWholeDatabase } from '../candidates/candidates.access';
import { Offer } from './offer.model';
import { canManageOffers } from './offers.access';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;

export const WithdrawnApplicationMessage = 'The candidate has withdrawn this application, so no offer can be made.';

/**
 * The application an offer is made from, and its job; 404 when it is not in the caller's company. `visible`:
 * whether the caller may see the application at all (recruiters and admins, or a member of the job's team).
 */
export async function findOfferApplication(customerId: Types.ObjectId, actor: Actor, applicationId: string) {
  if (!Types.ObjectId.isValid(applicationId)) throw AppError.notFound('Application');
  const application = await Application.findOne({ customerId, _id: new Types.ObjectId(applicationId) }).lean<ApplicationDoc>();
  const job = application ? await Job.findOne({ customerId, _id: application.jobId }).lean<JobDoc>() : null;
  if (!application || !job) throw AppError.notFound('Application');
  const visible = seesWholeDatabase(actor) || (job.memberIds ?? []).some((m) => m.equals(actor._id));
  return { application, job, visible };
}

/** Why no offer can be made on this application now (with the status that says so), or null when it can. */
export async function offerBlocker(customerId: Types.ObjectId, actor: Actor, application: ApplicationDoc, job: JobDoc): Promise<{ message: string; status: 400 | 403 | 409 } | null> {
  if (!canManageOffers(actor, job)) return { message: OfferMessages.notOnTeam, status: 403 };
  if (application.withdrawn) return { message: WithdrawnApplicationMessage, status: 400 };
  if (application.stageKind !== 'offer') return { message: OfferMessages.notOfferStage, status: 400 };
  if (await Offer.exists({ customerId, applicationId: application._id, status: { $in: OpenOfferStatuses } })) return { message: OfferMessages.openOfferExists, status: 409 };
  return null;
}

export function blockerError({ message, status }: { message: string; status: 400 | 403 | 409 }) {
  if (status === 403) return AppError.forbidden(message);
  return status === 409 ? AppError.conflict(message) : AppError.badRequest(message);
}
