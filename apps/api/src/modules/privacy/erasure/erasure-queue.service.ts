import { Types } from 'mongoose';
import { PrivacyMessages, type TErasureList, type TErasureRequest, type TErasureState } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import { queueMail } from '../../../lib/mailer';
import { Candidate } from '../../candidates/candidate.model';
import { brandMailOf } from '../../company/brand';
import { Customer } from '../../org/customer.model';
import { User } from '../../users/user.model';
import { withTransaction } from '../../jobs/with-transaction';
import { recordAudit } from '../audit/audit';
import { ErasureRequest, type ErasureRequestDoc } from './erasure-request.model';
import { eraseCandidate } from './erasure.service';

export const ErasurePageSize = 25;

type Actor = { id: Types.ObjectId; name: string };
type Caller = { customerId: Types.ObjectId; actor: Actor; at: Date };

const fullName = (c: { firstName: string; lastName?: string | null }) => `${c.firstName} ${c.lastName ?? ''}`.trim();
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

async function present(customerId: Types.ObjectId, docs: ErasureRequestDoc[]): Promise<TErasureRequest[]> {
  const deciderIds = [...new Set(docs.map((d) => d.decidedBy).filter(Boolean).map(String))].map((id) => new Types.ObjectId(id));
  const users = deciderIds.length ? await User.find({ customerId, _id: { $in: deciderIds } }, { firstName: 1, lastName: 1 }).lean() : [];
  const nameOf = (id: Types.ObjectId | null | undefined) => {
    if (!id) return null;
    const user = users.find((u) => u._id.equals(id));
    return user ? fullName(user) : 'A former user';
  };
  return docs.map((d) => ({
    id: String(d._id),
    candidateId: String(d.candidateId),
    candidateName: d.candidateName ?? '',
    state: d.state as TErasureState,
    origin: d.origin,
    requestedAt: d.requestedAt.toISOString(),
    dueAt: d.dueAt.toISOString(),
    decidedAt: d.decidedAt ? d.decidedAt.toISOString() : null,
    decidedBy: nameOf(d.decidedBy),
    reason: d.reason ?? '',
  }));
}

/**
 * The erasure queue: waiting requests first, the closest deadline first; decided ones after, the latest
 * decision first. `overdue` counts the waiting requests past their deadline, whatever the filter.
 */
export async function listErasureRequests({ customerId, state, page, now }: { customerId: Types.ObjectId; state?: TErasureState; page: number; now: Date }): Promise<TErasureList> {
  const match: Record<string, unknown> = { customerId, ...(state ? { state } : {}) };
  const epoch = new Date(0);
  const [total, overdue, docs] = await Promise.all([
    ErasureRequest.countDocuments(match),
    ErasureRequest.countDocuments({ customerId, state: 'pending', dueAt: { $lt: now } }),
    ErasureRequest.aggregate<ErasureRequestDoc>([
      { $match: match },
      {
        $addFields: {
          _rank: { $cond: [{ $eq: ['$state', 'pending'] }, 0, 1] },
          _order: { $cond: [{ $eq: ['$state', 'pending'] }, { $subtract: ['$dueAt', epoch] }, { $subtract: [epoch, { $ifNull: ['$decidedAt', '$requestedAt'] }] }] },
        },
      },
      { $sort: { _rank: 1, _order: 1, _id: -1 } },
      { $skip: (page - 1) * ErasurePageSize },
      { $limit: ErasurePageSize },
      { $project: { _rank: 0, _order: 0 } },
    ]),
  ]);
  return { items: await present(customerId, docs), total, page, pageSize: ErasurePageSize, overdue };
}

async function waitingRequest(customerId: Types.ObjectId, id: string) {
  const request = Types.ObjectId.isValid(id) ? await ErasureRequest.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<ErasureRequestDoc>() : null;
  if (!request) throw AppError.notFound('Erasure request');
  if (request.state !== 'pending') throw AppError.conflict(PrivacyMessages.erasureDecided);
  return request;
}

async function presentOne(customerId: Types.ObjectId, id: Types.ObjectId) {
  const doc = await ErasureRequest.findOne({ customerId, _id: id }).lean<ErasureRequestDoc>();
  return (await present(customerId, [doc!]))[0]!;
}

/** Approves a waiting request: the candidate is erased at once (erasure.service.ts eraseCandidate). */
export async function approveErasure({ customerId, actor, at }: Caller, id: string): Promise<TErasureRequest> {
  const request = await waitingRequest(customerId, id);
  const { erased } = await eraseCandidate({ customerId, candidateId: request.candidateId, origin: request.origin, at, by: actor });
  if (!erased) {
    // Erased meanwhile (another admin, a retention rule): this request is closed all the same, once.
    const closed = await ErasureRequest.updateOne({ customerId, _id: request._id, state: 'pending' }, { $set: { state: 'erased', decidedAt: at, decidedBy: actor.id } });
    if (closed.modifiedCount === 0) throw AppError.conflict(PrivacyMessages.erasureDecided);
  }
  return presentOne(customerId, request._id);
}

/**
 * Refuses a waiting request with the reason (a legal hold...): recorded, audited, and the candidate is told
 * why in a mail in the company's brand (with their privacy link, like every candidate mail).
 */
export async function refuseErasure({ customerId, actor, at, publicUrl }: Caller & { publicUrl: string }, id: string, reason: string): Promise<TErasureRequest> {
  const request = await waitingRequest(customerId, id);
  const candidate = await Candidate.findOne({ customerId, _id: request.candidateId }, { firstName: 1, lastName: 1, email: 1 }).lean();
  await withTransaction(async (session) => {
    const updated = await ErasureRequest.updateOne({ customerId, _id: request._id, state: 'pending' }, { $set: { state: 'refused', reason, decidedAt: at, decidedBy: actor.id } }, { session });
    if (updated.modifiedCount === 0) throw AppError.conflict(PrivacyMessages.erasureDecided);
    await recordAudit({ customerId, action: 'erasure_refused', at, actor, person: { id: request.candidateId, name: candidate ? fullName(candidate) : request.candidateName, email: candidate?.email ?? '' }, detail: reason }, session);
  });
  if (candidate?.email) {
    const company = (await Customer.findOne({ _id: customerId }, { name: 1 }).lean())?.name ?? 'We';
    const text = `Hello ${candidate.firstName},\n\nYou asked ${company} to erase your personal data. We cannot do so at this time, for this reason:\n\n${reason}\n\nYou can still see and download your data through the link below.`;
    const html = `<p>Hello ${esc(candidate.firstName)},</p><p>You asked ${esc(company)} to erase your personal data. We cannot do so at this time, for this reason:</p><blockquote>${esc(reason).replace(/\n/g, '<br>')}</blockquote><p>You can still see and download your data through the link below.</p>`;
    const body = await brandMailOf(customerId, publicUrl, { text, html }, { candidateId: request.candidateId, now: at });
    await queueMail({ to: candidate.email, subject: 'Your request to erase your data', ...body, kind: 'privacy-erasure-refused' }, { customerId });
  }
  return presentOne(customerId, request._id);
}

/** Erases a candidate from their profile: the admin types the candidate's full name to confirm. */
export async function eraseCandidateDirectly({ customerId, actor, at }: Caller, candidateId: string, confirmName: string) {
  const candidate = Types.ObjectId.isValid(candidateId) ? await Candidate.findOne({ customerId, _id: new Types.ObjectId(candidateId) }, { firstName: 1, lastName: 1, erasedAt: 1 }).lean() : null;
  if (!candidate) throw AppError.notFound('Candidate');
  if (candidate.erasedAt) throw AppError.conflict(PrivacyMessages.alreadyErased);
  if (!sameName(confirmName, fullName(candidate))) throw AppError.badRequest(PrivacyMessages.confirmNameMismatch);
  const { erased } = await eraseCandidate({ customerId, candidateId: candidate._id, origin: 'admin', at, by: actor });
  if (!erased) throw AppError.conflict(PrivacyMessages.alreadyErased);
  return { erased: true, message: PrivacyMessages.erased };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

