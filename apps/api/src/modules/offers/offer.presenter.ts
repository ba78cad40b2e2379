import type { Types } from 'mongoose';
import { EditableOfferStatuses, fromMinorUnits, type TCompensation, type TOffer, type TOfferSummary } from '@hireflow/contracts/offers';
import type { TUserRef } from '@hireflow/contracts/common';
import type { UserDoc } from '../users/user.model';
import type { JobDoc } from '../jobs/job.model';
import { Job } from '../jobs/job.model';
import { loadRefs, refOf } from '../jobs/refs';
import { Candidate } from '../candidates/candidate.model';
import { MailTemplate } from '../mail/mail-template.model';
import { CustomField } from '../org/custom-field.model';
import type { ApprovalDoc } from '../approvals/approval.model';
import { approvalUserIds, presentApprovalChain } from '../approvals/approvals.presenter';
import type { OfferCompensationDoc, OfferDoc } from './offer.model';
import { OfferEvent } from './offer-event.model';
import { canManageOffers } from './offers.access';
import { todayIn } from './offer-dates';
import { RevocableOfferStatuses } from './offer-change';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser' | 'timezone'>;
type Id = Types.ObjectId;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const formerUser = (id: Id): TUserRef => ({ id: String(id), name: 'Former user', email: '' });

export function presentCompensation(c: OfferCompensationDoc): TCompensation {
  return {
    currency: c.currency,
    baseAmount: fromMinorUnits(c.baseMinor, c.currency),
    period: c.period,
    bonusAmount: c.bonusMinor === null || c.bonusMinor === undefined ? null : fromMinorUnits(c.bonusMinor, c.currency),
    equity: c.equity ?? '',
    otherTerms: c.otherTerms ?? '',
  };
}

/** Candidates' names and jobs' titles of a page of offers: one query each. */
async function loadNames(customerId: Id, offers: OfferDoc[], jobs?: JobDoc[]) {
  const [candidates, jobRows] = await Promise.all([
    Candidate.find({ customerId, _id: { $in: offers.map((o) => o.candidateId) } }, { firstName: 1, lastName: 1, email: 1 }).lean(),
    jobs ?? Job.find({ customerId, _id: { $in: offers.map((o) => o.jobId) } }, { title: 1 }).lean(),
  ]);
  const candidateById = new Map(candidates.map((c) => [String(c._id), { id: String(c._id), name: `${c.firstName} ${c.lastName ?? ''}`.trim(), email: c.email ?? '' }]));
  const jobById = new Map(jobRows.map((j) => [String(j._id), { id: String(j._id), name: j.title }]));
  return {
    candidate: (o: OfferDoc) => candidateById.get(String(o.candidateId)) ?? { id: String(o.candidateId), name: 'Former candidate', email: '' },
    job: (o: OfferDoc) => jobById.get(String(o.jobId)) ?? { id: String(o.jobId), name: o.jobTitle },
  };
}

function summaryOf(o: OfferDoc, names: Awaited<ReturnType<typeof loadNames>>): TOfferSummary {
  return {
    id: String(o._id),
    applicationId: String(o.applicationId),
    candidate: names.candidate(o),
    job: names.job(o),
    status: o.status,
    jobTitle: o.jobTitle,
    startDate: o.startDate,
    expiryDate: o.expiryDate,
    compensation: presentCompensation(o.compensation),
    sentAt: iso(o.sentAt),
    createdAt: o.createdAt.toISOString(),
  };
}

/** The rows of an offer list. */
export async function presentOfferSummaries(customerId: Id, offers: OfferDoc[]): Promise<TOfferSummary[]> {
  const names = await loadNames(customerId, offers);
  return offers.map((o) => summaryOf(o, names));
}

export type OfferWithContext = { offer: OfferDoc; job: JobDoc; approval: ApprovalDoc | null };

/**
 * Offers in full (detail page, an application's offers): the chain, the history and what the caller may do.
 * Names, templates and events for all of them in one query each.
 */
export async function presentOffers(customerId: Id, actor: Actor, rows: OfferWithContext[], now: Date): Promise<TOffer[]> {
  if (!rows.length) return [];
  const offers = rows.map((r) => r.offer);
  const [names, events, templates, fieldRows] = await Promise.all([
    loadNames(customerId, offers, rows.map((r) => r.job)),
    OfferEvent.find({ customerId, offerId: { $in: offers.map((o) => o._id) } }).sort({ at: 1, _id: 1 }).lean(),
    MailTemplate.find({ customerId, _id: { $in: offers.map((o) => o.templateId).filter(Boolean) } }, { name: 1 }).lean(),
    CustomField.find({ customerId, entity: 'offer' }, { key: 1, label: 1 }).lean(),
  ]);
  const customFieldLabels = Object.fromEntries(fieldRows.map((f) => [f.key, f.label]));
  const refs = await loadRefs(customerId, {
    users: [...offers.flatMap((o) => [o.createdBy, o.managerId]), ...events.map((e) => e.by), ...rows.flatMap((r) => approvalUserIds(r.approval))],
  });
  const user = (id: Id) => refOf(refs.users, id) ?? formerUser(id);
  const templateById = new Map(templates.map((t) => [String(t._id), { id: String(t._id), name: t.name }]));
  const today = todayIn(actor.timezone, now);
  return rows.map(({ offer: o, job, approval }) => {
    const manages = canManageOffers(actor, job);
    return {
      ...summaryOf(o, names),
      template: o.templateId ? (templateById.get(String(o.templateId)) ?? { id: String(o.templateId), name: 'Deleted template' }) : null,
      manager: o.managerId ? user(o.managerId) : null,
      customFields: (o.customFields ?? {}) as Record<string, unknown>,
      customFieldLabels,
      note: o.note ?? '',
      createdBy: user(o.createdBy),
      updatedAt: o.updatedAt.toISOString(),
      decidedAt: iso(o.decidedAt),
      declineReason: o.declineReason ?? '',
      revokeReason: o.revokeReason ?? '',
      acceptance: o.acceptance?.at ? { typedName: o.acceptance.typedName ?? '', at: o.acceptance.at.toISOString(), ip: o.acceptance.ip ?? '', userAgent: o.acceptance.userAgent ?? '' } : null,
      approval: presentApprovalChain(approval, actor, refs.users),
      events: events.filter((e) => e.offerId.equals(o._id)).map((e) => ({ kind: e.kind, at: e.at.toISOString(), by: e.by ? user(e.by) : null, note: e.note ?? '' })),
      can: {
        edit: manages && (EditableOfferStatuses as readonly string[]).includes(o.status),
        submit: manages && o.status === 'draft',
        send: manages && o.status === 'approved',
        revoke: manages && (RevocableOfferStatuses as readonly string[]).includes(o.status),
        recordOutcome: manages && o.status === 'accepted' && o.startDate <= today,
      },
    };
  });
}

export async function presentOffer(customerId: Id, actor: Actor, row: OfferWithContext, now: Date): Promise<TOffer> {
  return (await presentOffers(customerId, actor, [row], now))[0]!;
}
