import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { onHireChange, type HireChange } from '../../pipeline/move/hire-hooks';
import { onOfferAccepted, type OfferAccepted } from '../../offers/offer-accepted-hooks';
import { Offer } from '../../offers/offer.model';
import { Referral } from '../referral.model';
import { ReferralReward } from '../referral-reward.model';
import { loadReferralSettings, rewardFor } from '../referral-settings.model';
import { queueHiredNotice } from './reward-notices';

/** The day a reward becomes payable: `days` calendar days after the start date (both 'YYYY-MM-DD'). */
export const payableOnOf = (startDate: string, days: number) => DateTime.fromISO(startDate, { zone: 'UTC' }).plus({ days }).toISODate()!;

/**
 * A hire through a credited, eligible referral earns its referrer a pending reward (the settings' amount at
 * hire time), payable `payableAfterDays` after the start date: the accepted offer's, else the hire's day.
 * A hire undone removes a reward still pending; later states stay (an admin forfeits those).
 */
export async function rewardHireChange({ customerId, application, job, hired, at, session }: HireChange) {
  if (!hired) {
    await ReferralReward.deleteOne({ customerId, applicationId: application._id, status: 'pending' }, { session });
    return;
  }
  const referral = await Referral.findOne({ customerId, applicationId: application._id, credited: true, rewardEligibility: 'eligible' }).session(session).lean();
  if (!referral) return;
  const settings = await loadReferralSettings(customerId);
  const amount = rewardFor(settings, job);
  if (!amount) return;
  const offer = await Offer.findOne({ customerId, applicationId: application._id, status: { $in: ['accepted', 'joined'] } }, { startDate: 1 })
    .sort({ createdAt: -1 })
    .session(session)
    .lean();
  const startDate = offer?.startDate ?? at.toISOString().slice(0, 10);
  const candidateName = application.candidateName || `${referral.firstName} ${referral.lastName}`.trim();
  // One reward per referral: a repeated hire leaves the first one as it is.
  const result = await ReferralReward.updateOne(
    { customerId, referralId: referral._id },
    {
      $setOnInsert: {
        customerId,
        referralId: referral._id,
        referrerId: referral.referrerId,
        candidateId: application.candidateId,
        applicationId: application._id,
        jobId: job._id,
        candidateName,
        jobTitle: job.title,
        currency: amount.currency,
        amountMinor: amount.amountMinor,
        status: 'pending',
        hiredAt: at,
        startDate,
        payableOn: payableOnOf(startDate, settings.payableAfterDays),
      },
    },
    { upsert: true, session },
  );
  if (result.upsertedId) await queueHiredNotice({ _id: result.upsertedId as Types.ObjectId, customerId }, session);
}

/** An offer accepted after the hire was recorded: a reward still pending counts from the offer's start date. */
export async function rewardOfferAccepted({ offer, session }: OfferAccepted) {
  const { customerId } = offer;
  const reward = await ReferralReward.findOne({ customerId, applicationId: offer.applicationId, status: 'pending' }, { startDate: 1 }).session(session).lean();
  if (!reward || reward.startDate === offer.startDate) return;
  const { payableAfterDays } = await loadReferralSettings(customerId);
  await ReferralReward.updateOne({ customerId, _id: reward._id, status: 'pending' }, { $set: { startDate: offer.startDate, payableOn: payableOnOf(offer.startDate, payableAfterDays) } }, { session });
}

onHireChange(rewardHireChange);
onOfferAccepted(rewardOfferAccepted);
