import { Types } from 'mongoose';
import { ReferralLimits, type TReferralCampaign, type TReferralCampaignList, type TReferralCampaignRequest } from '@hireflow/contracts/referrals';
import { AppError } from '../../../lib/app-error';
import { enqueueJob } from '../../../lib/job-queue';
import { Job } from '../../jobs/job.model';
import { loadRefs, refOf, refsOf } from '../../jobs/refs';
import type { UserDoc } from '../../users/user.model';
import { Referral } from '../referral.model';
import { ReferralCampaign, type ReferralCampaignDoc } from '../referral-campaign.model';
import { assertAudienceRefs, countAudience, storedAudience } from './campaign-audience';
import { ReferralCampaignSendJobName, type ReferralCampaignSendPayload } from './campaign-send.job';

type Actor = Pick<UserDoc, 'role' | 'admin' | 'superUser'> & { _id: Types.ObjectId };
type CampaignContext = { customerId: Types.ObjectId; actor: Actor; now: Date };

export const CampaignMessages = {
  notAllowed: 'Only recruiters and admins can run referral campaigns.',
  jobsNotOpen: 'jobIds: every job must be one of your open jobs',
} as const;

/** Recruiters, admins and super users promote jobs to employees (the web's canRunReferralCampaigns). */
export function assertCanRunCampaigns(actor: Actor) {
  if (!(actor.role === 'recruiter' || actor.admin || actor.superUser)) throw AppError.forbidden(CampaignMessages.notAllowed);
}

async function presentCampaigns(customerId: Types.ObjectId, campaigns: ReferralCampaignDoc[]): Promise<TReferralCampaign[]> {
  const [refs, jobs, counts] = await Promise.all([
    loadRefs(customerId, {
      users: campaigns.map((c) => c.createdBy),
      departments: campaigns.flatMap((c) => storedAudience(c).departmentIds),
      locations: campaigns.flatMap((c) => storedAudience(c).locationIds),
      businessUnits: campaigns.flatMap((c) => storedAudience(c).businessUnitIds),
    }),
    Job.find({ customerId, _id: { $in: campaigns.flatMap((c) => c.jobIds) } }, { title: 1 }).lean(),
    campaigns.length
      ? Referral.aggregate<{ _id: Types.ObjectId; n: number }>([{ $match: { customerId, campaignId: { $in: campaigns.map((c) => c._id) } } }, { $group: { _id: '$campaignId', n: { $sum: 1 } } }])
      : [],
  ]);
  const jobNames = new Map(jobs.map((j) => [String(j._id), { id: String(j._id), name: j.title }]));
  const referrals = new Map(counts.map((c) => [String(c._id), c.n]));
  return campaigns.map((c) => {
    const audience = storedAudience(c);
    return {
      id: String(c._id),
      subject: c.subject,
      message: c.message,
      jobs: refsOf(jobNames, c.jobIds),
      audience: {
        kind: audience.kind as TReferralCampaign['audience']['kind'],
        departments: refsOf(refs.departments, audience.departmentIds),
        locations: refsOf(refs.locations, audience.locationIds),
        businessUnits: refsOf(refs.businessUnits, audience.businessUnitIds),
      },
      status: c.status as TReferralCampaign['status'],
      recipients: c.recipients,
      sent: c.sent,
      referrals: referrals.get(String(c._id)) ?? 0,
      createdBy: refOf(refs.users, c.createdBy) ?? { id: String(c.createdBy), name: '', email: '' },
      createdAt: c.createdAt.toISOString(),
      sentAt: c.sentAt ? c.sentAt.toISOString() : null,
    };
  });
}

/** Stores the campaign (queued) and hands its sending to the background queue. */
export async function createCampaign({ customerId, actor }: CampaignContext, input: TReferralCampaignRequest): Promise<TReferralCampaign> {
  assertCanRunCampaigns(actor);
  const jobIds = [...new Set(input.jobIds)];
  if ((await Job.countDocuments({ customerId, _id: { $in: jobIds }, status: 'open' })) !== jobIds.length) throw AppError.badRequest(CampaignMessages.jobsNotOpen);
  await assertAudienceRefs(customerId, input.audience);
  const recipients = await countAudience(customerId, input.audience);
  const campaign = await ReferralCampaign.create({
    customerId,
    subject: input.subject,
    message: input.message,
    jobIds: jobIds.map((id) => new Types.ObjectId(id)),
    audience: input.audience,
    status: 'queued',
    recipients,
    createdBy: actor._id,
  });
  const payload: ReferralCampaignSendPayload = { campaignId: String(campaign._id), customerId: String(customerId) };
  await enqueueJob(ReferralCampaignSendJobName, payload, { dedupeKey: `referral-campaign:${String(campaign._id)}`, customerId, requestedBy: actor._id });
  return (await presentCampaigns(customerId, [campaign.toObject() as ReferralCampaignDoc]))[0]!;
}

export async function listCampaigns({ customerId, actor }: CampaignContext, page: number): Promise<TReferralCampaignList> {
  assertCanRunCampaigns(actor);
  const pageSize = ReferralLimits.pageSize;
  const [campaigns, total] = await Promise.all([
    ReferralCampaign.find({ customerId })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<ReferralCampaignDoc[]>(),
    ReferralCampaign.countDocuments({ customerId }),
  ]);
  return { items: await presentCampaigns(customerId, campaigns), total, page, pageSize };
}

export async function getCampaign({ customerId, actor }: CampaignContext, id: string): Promise<TReferralCampaign> {
  assertCanRunCampaigns(actor);
  const campaign = await ReferralCampaign.findOne({ customerId, _id: id }).lean<ReferralCampaignDoc>();
  if (!campaign) throw AppError.notFound('Campaign');
  return (await presentCampaigns(customerId, [campaign]))[0]!;
}

export async function campaignAudience({ customerId, actor }: CampaignContext, audience: TReferralCampaignRequest['audience']) {
  assertCanRunCampaigns(actor);
  return { recipients: await countAudience(customerId, audience) };
}
