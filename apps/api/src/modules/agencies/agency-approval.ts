import type { Types } from 'mongoose';
import { basisPointsToFeePercent } from '@hireflow/contracts/agencies';
import { AppError } from '../../lib/app-error';
import { registerApprovalKind, type ApprovalHookContext, type ApprovalSubject } from '../approvals/approvals.service';
import type { ApprovalDoc } from '../approvals/approval.model';
import { Agency, type AgencyDoc } from './agency.model';
import { AgencyUser, type AgencyUserDoc } from './agency-user.model';
import { mailAgencyInvite } from './agency-invite';

// Agency invitations go through the one approvals mechanism (kind "agency", subjectId = the agency's id):
// the chain's end activates the agency and creates its contact's account (approved), or closes it
// (rejected, withdrawn). Everything here runs inside the approval change's transaction; the contact's
// invitation mail goes out only after the commit (afterApproved).

/** "15% fee, 3 jobs, contact Jane Doe <jane@x.test>": what an approver weighs, in lists and mails. */
export function agencyDetail(agency: Pick<AgencyDoc, 'feeBasisPoints' | 'jobIds' | 'contactName' | 'contactEmail'>) {
  const jobs = agency.jobIds.length;
  return `${basisPointsToFeePercent(agency.feeBasisPoints)}% fee, ${jobs} job${jobs === 1 ? '' : 's'}, contact ${agency.contactName} <${agency.contactEmail}>`;
}

export function agencyApprovalSubject(agency: AgencyDoc, requesterId: Types.ObjectId): ApprovalSubject {
  return {
    kind: 'agency',
    subjectId: agency._id,
    businessUnitId: agency.businessUnitId ?? null,
    requesterId,
    title: agency.name,
    detail: agencyDetail(agency),
  };
}

const agencyStateOf = (a: ApprovalDoc) => ({ pending: 'waiting for approval', approved: 'approved', rejected: 'rejected', withdrawn: 'withdrawn', cancelled: 'withdrawn' })[a.status];

/** The agency leaves pending (only from there). */
async function endRound(ctx: ApprovalHookContext, to: 'active' | 'rejected' | 'withdrawn') {
  const { customerId, approval, session, at } = ctx;
  const agency = await Agency.findOneAndUpdate(
    { customerId, _id: approval.subjectId, status: 'pending' },
    { $set: { status: to, ...(to === 'active' ? { approvedAt: at } : {}) } },
    { session, returnDocument: 'after' },
  ).lean<AgencyDoc>();
  if (!agency) throw AppError.conflict('This agency changed meanwhile; reload it and try again');
  return agency;
}

/** The contact's account (invited until they choose a password), unless the agency already has it. */
async function ensureContact(ctx: ApprovalHookContext, agency: AgencyDoc) {
  await AgencyUser.updateOne(
    { customerId: ctx.customerId, agencyId: agency._id, email: agency.contactEmail },
    { $setOnInsert: { name: agency.contactName, status: 'invited', isContact: true, addedBy: ctx.by } },
    { session: ctx.session, upsert: true },
  );
}

registerApprovalKind({
  kind: 'agency',
  noun: 'agency',
  stateOf: agencyStateOf,
  onApproved: async (ctx) => {
    const agency = await endRound(ctx, 'active');
    await ensureContact(ctx, agency);
  },
  onRejected: async (ctx) => {
    await endRound(ctx, 'rejected');
  },
  onWithdrawn: async (ctx) => {
    await endRound(ctx, 'withdrawn');
  },
  afterApproved: async (mail, approval) => {
    const agency = await Agency.findOne({ customerId: approval.customerId, _id: approval.subjectId }).lean<AgencyDoc>();
    if (!agency || agency.status !== 'active') return;
    const contact = await AgencyUser.findOne({ customerId: agency.customerId, agencyId: agency._id, email: agency.contactEmail }).lean<AgencyUserDoc>();
    // Only a contact who has not chosen a password yet needs the link.
    if (contact && contact.status === 'invited') await mailAgencyInvite(mail, contact, agency);
  },
  mails: {
    request: (a, requesterName) => ({
      subject: `Agency to approve: ${a.title}`,
      lines: [`${requesterName} asks you to approve working with the agency ${a.title}.`, `${a.title}: ${a.detail}.`, 'Open it to approve or reject it:'],
    }),
    approved: (a) => ({
      subject: `Agency approved: ${a.title}`,
      lines: [`Everyone in the approval chain approved the agency ${a.title} (${a.detail}).`, 'Its contact has been mailed their sign-in link:'],
    }),
    rejected: (a, approverName, reason) => ({
      subject: `Agency rejected: ${a.title}`,
      lines: [`${approverName} rejected the agency ${a.title} (${a.detail}).`, `Their reason: ${reason}`, 'Open it to read the approval history:'],
    }),
  },
});
