import type { ClientSession, Types } from 'mongoose';
import { ReferralMessages, type TReferRequest, type TReferResult, type TRewardEligibility } from '@hireflow/contracts/referrals';
import { ConsentSources } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import type { UploadedFile } from '../../files/resume-check';
import { withTransaction } from '../../jobs/with-transaction';
import { Candidate } from '../../candidates/candidate.model';
import { Application } from '../../candidates/applications/application.model';
import { AlreadyAppliedMessage, applyToJob } from '../../candidates/applications/apply.service';
import type { LinkingMailContext } from '../../mail/notify-user';
import type { UserDoc } from '../../users/user.model';
import { Referral } from '../referral.model';
import { ReferralCampaign } from '../referral-campaign.model';
import { loadReferralSettings } from '../referral-settings.model';
import { findOpenJob } from './referable-jobs';
import { judgeReferral } from './referral-eligibility';
import { notifyJobRecruiters } from './refer.mail';
import { recordCandidateActivity } from '../../candidates/candidate-activity';

type ReferContext = { customerId: Types.ObjectId; actor: UserDoc; mail: LinkingMailContext; now: Date };

/** What the employee is told, in plain words: referred (or already known), then why a reward cannot or can still apply. */
export function referMessage({ name, jobTitle, alreadyKnown, rewardEligibility }: { name: string; jobTitle: string; alreadyKnown: boolean; rewardEligibility: TRewardEligibility }): string {
  const parts: string[] = [alreadyKnown ? ReferralMessages.alreadyKnown(name) : ReferralMessages.referred(name, jobTitle)];
  if (rewardEligibility === 'referred_by_someone_else') parts.push(ReferralMessages.referredBySomeoneElse);
  else if (rewardEligibility === 'not_eligible_role') parts.push(ReferralMessages.notEligibleRole);
  else if (rewardEligibility === 'known_candidate') parts.push(ReferralMessages.alreadyKnownNoReward);
  else if (alreadyKnown && rewardEligibility === 'eligible') parts.push(ReferralMessages.alreadyKnownRewardable);
  return parts.join(' ');
}

/** The campaign a referral came through, when the id names one of the company's campaigns. */
async function campaignOf(customerId: Types.ObjectId, campaignId: string | undefined) {
  if (!campaignId) return null;
  const campaign = await ReferralCampaign.findOne({ customerId, _id: campaignId }, { _id: 1 }).lean();
  return campaign?._id ?? null;
}

const RaceRetries = 5;
const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * An employee refers a person to an open job. A person new to the job gets an application through
 * applyToJob (source "referral", the referrer recorded) with the referral in the same transaction; a
 * person already on the job keeps their application and the referral points at it. Either way the
 * referral is judged by the company's rules (credit window, role, known candidate, reward set) and the
 * job's recruiters are told.
 */
export async function referFriend(ctx: ReferContext, form: { jobId: string; input: TReferRequest; resume: UploadedFile | null }, attempt = 1): Promise<TReferResult> {
  const { jobId, input, resume } = form;
  const { customerId, actor, now } = ctx;
  const job = await findOpenJob(customerId, jobId);
  if (input.email === actor.email.toLowerCase()) throw AppError.badRequest(ReferralMessages.selfReferral);

  const known = await Candidate.findOne({ customerId, email: input.email }, { _id: 1 }).lean();
  const application = known ? await Application.findOne({ customerId, jobId: job._id, candidateId: known._id }, { _id: 1 }).lean() : null;
  if (known && (await Referral.exists({ customerId, referrerId: actor._id, jobId: job._id, candidateId: known._id }))) throw AppError.conflict(ReferralMessages.alreadyReferredByYou);

  const alreadyKnown = Boolean(known);
  const settings = await loadReferralSettings(customerId);
  const { credited, rewardEligibility } = await judgeReferral({ customerId, job, referrer: actor, candidateId: known?._id ?? null, alreadyKnown, settings, at: now });
  const campaignId = await campaignOf(customerId, input.campaignId);
  const referralFields = {
    customerId,
    referrerId: actor._id,
    jobId: job._id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? '',
    relationship: input.relationship,
    note: input.note,
    campaignId,
    alreadyKnown,
    credited,
    rewardEligibility,
    referredAt: now,
  };
  const writeReferral = async (session: ClientSession, ids: { candidateId: Types.ObjectId; applicationId: Types.ObjectId }) => {
    const [created] = await Referral.create([{ ...referralFields, ...ids }], { session });
    return created!._id;
  };

  let referralId: Types.ObjectId | undefined;
  let applicationId: Types.ObjectId;
  try {
    if (application) {
      applicationId = application._id;
      referralId = await withTransaction(async (session) => {
        const id = await writeReferral(session, { candidateId: known!._id, applicationId: application._id });
        // Already on the job: the timeline still says who vouched for them.
        const by = `${actor.firstName} ${actor.lastName}`.trim();
        await recordCandidateActivity({ customerId, candidateId: known!._id, kind: 'referred', by: actor._id, at: now, applicationId: application._id, jobId: job._id, summary: `Referred to ${job.title} by ${by}`, data: { referralId: String(id) } }, session);
        return id;
      });
    } else {
      const applied = await applyToJob({
        customerId,
        job,
        input: { firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone ?? '', answers: [] },
        resume,
        source: 'referral',
        at: now,
        origin: { referrerId: actor._id },
        consent: { given: false, source: ConsentSources.referredBy(`${actor.firstName} ${actor.lastName}`.trim()) },
        alsoInTransaction: async (session, ids) => {
          referralId = await writeReferral(session, ids);
        },
      });
      applicationId = applied.applicationId;
    }
  } catch (error) {
    // The same employee referring the same person twice at once: the unique index keeps one.
    if (isDuplicateKey(error)) throw AppError.conflict(ReferralMessages.alreadyReferredByYou);
    // Someone else put the person on the job meanwhile (another referral at the same moment): once their
    // write has committed, the person is known and this referral is recorded on that application.
    if (attempt < RaceRetries && error instanceof AppError && error.message === AlreadyAppliedMessage) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      return referFriend(ctx, form, attempt + 1);
    }
    throw error;
  }

  const name = `${input.firstName} ${input.lastName}`.trim();
  await notifyJobRecruiters(ctx.mail, { customerId, job, referrer: actor, name, applicationId });
  return { referralId: String(referralId), alreadyKnown, rewardEligibility, message: referMessage({ name, jobTitle: job.title, alreadyKnown, rewardEligibility }) };
}
