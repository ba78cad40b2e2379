import { registerRecurringJob, type JobContext } from '../../lib/job-queue';
import { User } from '../users/user.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { Application } from '../candidates/applications/application.model';
import { withTransaction } from '../jobs/with-transaction';
import { notifyUser } from '../mail/notify-user';
import { Offer, type OfferDoc } from './offer.model';
import { recordOfferChanges } from './offer-history';
import { offerChange } from './offer-change';
import { readableDate, todayIn } from './offer-dates';

/** How often the sweep runs: an offer expires, and a reminder goes out, at most this long after it is due. */
export const OfferSweepEveryMs = 5 * 60_000;

type SweepContext = Pick<JobContext, 'config' | 'logger'>;

const candidateNameOf = async (offer: OfferDoc) =>
  (await Application.findOne({ customerId: offer.customerId, _id: offer.applicationId }, { candidateName: 1 }).lean())?.candidateName || 'The candidate';

/** Sent offers whose link has run out (expiresAt passed) become expired; their creator is told. */
export async function expireOffers(now: Date, ctx: SweepContext) {
  // Across companies (the sweep is platform work), through the status+expiresAt index.
  const due = await Offer.find({ status: 'sent', expiresAt: { $lte: now } }).setOptions({ crossTenant: true }).lean<OfferDoc[]>();
  let expired = 0;
  for (const offer of due) {
    const done = await withTransaction(async (session) => {
      const updated = await Offer.findOneAndUpdate({ customerId: offer.customerId, _id: offer._id, status: 'sent', expiresAt: { $lte: now } }, { $set: { status: 'expired' } }, { session, returnDocument: 'after' }).lean<OfferDoc>();
      if (!updated) return null;
      const job = await Job.findOne({ customerId: offer.customerId, _id: offer.jobId }, { memberIds: 1 }).session(session).lean<JobDoc>();
      await recordOfferChanges([offerChange(updated, job ?? { memberIds: [] }, 'expired', null)], session);
      return updated;
    });
    if (!done) continue;
    expired++;
    const who = await candidateNameOf(done);
    await notifyUser(ctx, done.customerId, done.createdBy, {
      kind: 'offer-expired',
      subject: `Offer expired: ${who}, ${done.jobTitle}`,
      lines: [`${who} did not answer the offer for ${done.jobTitle} before it expired at the end of ${readableDate(done.expiryDate)}.`, 'The link no longer works. You can make a new offer from the application:'],
      link: `/application/${String(done.applicationId)}`,
    });
  }
  return expired;
}

/**
 * On an accepted offer's start date (in its creator's time zone) the creator is asked, once, to record whether
 * the new hire joined. The offer is marked before the mail, so two sweeps never both send it.
 */
export async function remindStartDates(now: Date, ctx: SweepContext) {
  // The latest "today" anywhere on earth (UTC+14); each offer is then judged in its creator's own day.
  const latestToday = new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
  const due = await Offer.find({ status: 'accepted', startDate: { $lte: latestToday }, startReminderSentAt: null }).setOptions({ crossTenant: true }).lean<OfferDoc[]>();
  let reminded = 0;
  for (const offer of due) {
    const creator = await User.findOne({ customerId: offer.customerId, _id: offer.createdBy }, { timezone: 1 }).lean();
    if (offer.startDate > todayIn(creator?.timezone, now)) continue;
    const claimed = await Offer.updateOne({ customerId: offer.customerId, _id: offer._id, status: 'accepted', startReminderSentAt: null }, { $set: { startReminderSentAt: now } });
    if (claimed.modifiedCount !== 1) continue;
    reminded++;
    const who = await candidateNameOf(offer);
    await notifyUser(ctx, offer.customerId, offer.createdBy, {
      kind: 'offer-start-reminder',
      subject: `${who} starts as ${offer.jobTitle}: record joined or no-show`,
      lines: [`${who} was due to start as ${offer.jobTitle} on ${readableDate(offer.startDate)}.`, 'Please record whether they joined or did not show up (record joined or no-show on the application):'],
      link: `/application/${String(offer.applicationId)}`,
    });
  }
  return reminded;
}

export const OfferSweepsJob = registerRecurringJob(
  {
    name: 'offers.sweeps',
    maxAttempts: 3,
    handler: async (_payload, ctx) => ({ expired: await expireOffers(ctx.now(), ctx), reminded: await remindStartDates(ctx.now(), ctx) }),
  },
  OfferSweepEveryMs,
);
