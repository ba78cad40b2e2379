import type { Types } from 'mongoose';
import { EditableOfferStatuses, OfferMessages, type TCreateOfferRequest, type TOffer, type TUpdateOfferRequest } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { withTransaction } from '../jobs/with-transaction';
import type { LinkingMailContext } from '../mail/notify-user';
import { approvalChainOrThrow, mailApprovalTurn, startApproval } from '../approvals/approvals.service';
import type { ApprovalDoc } from '../approvals/approval.model';
import { Application } from '../candidates/applications/application.model';
import { Offer, type OfferDoc } from './offer.model';
import { canManageOffers, findVisibleOffer } from './offers.access';
import { recordOfferChanges, type OfferChange } from './offer-history';
import { offerChange, statusText, transitionOffer } from './offer-change';
import { blockerError, findOfferApplication, offerBlocker } from './offer-application';
import { OfferFieldLabels, assertOfferDates, changedFields, offerFieldsOf, sameCompensation } from './offer-fields';
import { offerApprovalSubject } from './offer-approval';
import { presentOffer } from './offer.presenter';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser' | 'timezone' | 'firstName' | 'lastName'>;
type Ctx = { customerId: Types.ObjectId; actor: Actor; mail: LinkingMailContext; now: Date };

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

export async function getOffer({ customerId, actor, now }: Omit<Ctx, 'mail'>, id: string): Promise<TOffer> {
  return presentOffer(customerId, actor, await findVisibleOffer(customerId, actor, id), now);
}

/** The offer as its manager may change it: 404 when they may not see it, 403 when they do not run its job. */
export async function findManagedOffer(customerId: Types.ObjectId, actor: Actor, id: string) {
  const found = await findVisibleOffer(customerId, actor, id);
  if (!canManageOffers(actor, found.job)) throw AppError.forbidden(OfferMessages.notOnTeam);
  return found;
}

/**
 * A draft offer on an application in an offer stage, or (submit) one on its way through the offer chain at
 * once: all or nothing, so a refused submission leaves no draft behind. One open offer per application: a
 * unique partial index keeps it so even when two are made at the same moment.
 */
export async function createOffer({ customerId, actor, mail, now }: Ctx, applicationId: string, input: TCreateOfferRequest): Promise<TOffer> {
  const { application, job, visible } = await findOfferApplication(customerId, actor, applicationId);
  if (!visible) throw AppError.notFound('Application');
  const blocker = await offerBlocker(customerId, actor, application, job);
  if (blocker) throw blockerError(blocker);
  const fields = await offerFieldsOf({ customerId, actor, job, input, now });
  if (input.submit) await approvalChainOrThrow(customerId, 'offer', job.businessUnitId ?? null, actor._id);

  let result: { offer: OfferDoc; approval: ApprovalDoc | null };
  try {
    result = await withTransaction(async (session) => {
      const [doc] = await Offer.create(
        [{ customerId, applicationId: application._id, candidateId: application.candidateId, jobId: job._id, businessUnitId: job.businessUnitId ?? null, status: 'draft', ...fields, createdBy: actor._id }],
        { session },
      );
      let offer = doc!.toObject() as OfferDoc;
      const changes: OfferChange[] = [offerChange(offer, job, 'created', actor._id)];
      let approval: ApprovalDoc | null = null;
      if (input.submit) {
        approval = await startApproval({ customerId, subject: offerApprovalSubject(offer, application.candidateName, actor._id), by: actor._id, session });
        offer = await transitionOffer({ offer, from: ['draft'], set: { status: 'pending_approval' }, session, what: 'submitted' });
        changes.push(offerChange(offer, job, 'submitted', actor._id));
      }
      await recordOfferChanges(changes, session);
      return { offer, approval };
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw AppError.conflict(OfferMessages.openOfferExists);
    throw error;
  }
  if (result.approval) await mailApprovalTurn(mail, result.approval);
  return presentOffer(customerId, actor, { offer: result.offer, job, approval: result.approval }, now);
}

/**
 * Changes a draft or an approved offer. A compensation other than the approved one sends an approved offer
 * through the chain again (a new round); any other change keeps it approved.
 */
export async function updateOffer({ customerId, actor, mail, now }: Ctx, id: string, input: TUpdateOfferRequest): Promise<TOffer> {
  const { offer, job } = await findManagedOffer(customerId, actor, id);
  if (!(EditableOfferStatuses as readonly string[]).includes(offer.status)) {
    throw AppError.conflict(`This offer is ${statusText(offer.status)}; only a draft or an approved offer can be changed`);
  }
  const fields = await offerFieldsOf({ customerId, actor, job, input, now });
  const changed = changedFields(offer, fields);
  if (!changed.length) return getOffer({ customerId, actor, now }, id);
  const reapprove = offer.status === 'approved' && !sameCompensation(offer.approvedCompensation ?? offer.compensation, fields.compensation);
  if (reapprove) await approvalChainOrThrow(customerId, 'offer', offer.businessUnitId ?? null, actor._id);

  const approval = await withTransaction(async (session) => {
    const updated = await Offer.findOneAndUpdate(
      { customerId, _id: offer._id, status: offer.status, updatedAt: offer.updatedAt },
      { $set: { ...fields, ...(reapprove ? { status: 'pending_approval' } : {}) } },
      { session, returnDocument: 'after' },
    ).lean<OfferDoc>();
    if (!updated) throw AppError.conflict('This offer changed meanwhile; reload it and try again');
    const changes = [offerChange(updated, job, 'changed', actor._id, { note: `Changed: ${changed.map((f) => OfferFieldLabels[f] ?? f).join(', ')}`, data: { fields: changed } })];
    let started: ApprovalDoc | null = null;
    if (reapprove) {
      changes.push(offerChange(updated, job, 'reapproval_required', actor._id));
      const candidateName = (await findOfferCandidateName(updated)) ?? '';
      started = await startApproval({ customerId, subject: offerApprovalSubject(updated, candidateName, actor._id), by: actor._id, session });
      changes.push(offerChange(updated, job, 'submitted', actor._id));
    }
    await recordOfferChanges(changes, session);
    return started;
  });
  if (approval) await mailApprovalTurn(mail, approval);
  return getOffer({ customerId, actor, now }, id);
}

/** Draft -> pending_approval: the offer chain's first approver is asked (by mail, after the commit). */
export async function submitOffer({ customerId, actor, mail, now }: Ctx, id: string): Promise<TOffer> {
  const { offer, job } = await findManagedOffer(customerId, actor, id);
  if (offer.status !== 'draft') throw AppError.conflict(`This offer is ${statusText(offer.status)}; only a draft can be submitted for approval`);
  assertOfferDates(offer, actor.timezone, now);
  await approvalChainOrThrow(customerId, 'offer', offer.businessUnitId ?? null, actor._id);
  const candidateName = (await findOfferCandidateName(offer)) ?? '';
  const approval = await withTransaction(async (session) => {
    const updated = await transitionOffer({ offer, from: ['draft'], set: { status: 'pending_approval' }, session, what: 'submitted' });
    const started = await startApproval({ customerId, subject: offerApprovalSubject(updated, candidateName, actor._id), by: actor._id, session });
    await recordOfferChanges([offerChange(updated, job, 'submitted', actor._id)], session);
    return started;
  });
  await mailApprovalTurn(mail, approval);
  return getOffer({ customerId, actor, now }, id);
}

async function findOfferCandidateName(offer: OfferDoc) {
  const application = await Application.findOne({ customerId: offer.customerId, _id: offer.applicationId }, { candidateName: 1 }).lean();
  return application?.candidateName ?? null;
}
