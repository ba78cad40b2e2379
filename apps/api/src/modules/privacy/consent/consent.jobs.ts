import { Types } from 'mongoose';
import { PrivacyPages } from '@hireflow/contracts/privacy';
import { enqueueJobs, registerRecurringJob, type JobDefinition } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { brandMailOf } from '../../company/brand';
import { Customer } from '../../org/customer.model';
import { Candidate } from '../../candidates/candidate.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { createPrivacyLink } from '../privacy-link';
import { dueForRenewal } from './consent.service';
import { formatDay } from './consent-dates';

type RenewalPayload = { customerId: string; candidateId: string };

/**
 * One renewal mail: the candidate is still due (consent not renewed or withdrawn meanwhile, not erased), gets a
 * mail with a one-click renewal link, and is marked as asked so neither the daily sweep nor an admin asks twice.
 */
export const ConsentRenewalMailJob: JobDefinition<RenewalPayload> = {
  name: 'privacy.consent-renewal-mail',
  maxAttempts: 3,
  async handler({ customerId: rawCustomerId, candidateId: rawCandidateId }, ctx) {
    const customerId = new Types.ObjectId(rawCustomerId);
    const now = ctx.now();
    const candidate = await Candidate.findOne({ ...dueForRenewal(customerId, now), _id: new Types.ObjectId(rawCandidateId) }).lean();
    if (!candidate) return { sent: false };
    const customer = await Customer.findById(customerId, { name: 1 }).lean();
    const companyName = customer?.name ?? 'The company';
    const publicUrl = ctx.config.publicUrl ?? '';
    const link = await createPrivacyLink({ customerId, candidateId: candidate._id, publicUrl, now });
    const renewUrl = `${publicUrl.replace(/\/$/, '')}${PrivacyPages.renew(link.token)}`;
    const until = formatDay(candidate.consentExpiresAt!);
    const subject = `Shall ${companyName} keep your details?`;
    const lines = [
      `You agreed that ${companyName} keeps your details to consider you for jobs. That consent ends on ${until}.`,
      'If you would like us to keep your details, open the link below and press "Keep my details". If you do nothing, we will no longer keep them on the basis of your consent.',
    ];
    const text = [`Hello ${candidate.firstName},`, '', ...lines, '', renewUrl, '', companyName].join('\n');
    const html = `<p>Hello ${esc(candidate.firstName)},</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(renewUrl)}">Keep my details</a></p><p>${esc(companyName)}</p>`;
    const branded = await brandMailOf(customerId, publicUrl, { text, html }, { candidateId: candidate._id, now });
    await queueMail({ to: candidate.email!, subject, ...branded, kind: 'consent-renewal' }, { customerId, runAt: now, dedupeKey: `consent-renewal:${String(candidate._id)}:${candidate.consentExpiresAt!.getTime()}` });
    await Candidate.updateOne({ customerId, _id: candidate._id }, { $set: { consentRenewalSentAt: now } });
    await recordCandidateActivity({ customerId, candidateId: candidate._id, kind: 'email_sent', by: null, at: now, summary: `Mail: ${subject}`, data: { subject } });
    return { sent: true };
  },
};

/** Queues one renewal mail per due candidate of the company (a candidate already queued is not queued twice). */
export async function queueConsentRenewals({ customerId, now, requestedBy = null }: { customerId: Types.ObjectId; now: Date; requestedBy?: Types.ObjectId | null }): Promise<number> {
  const due = await Candidate.find(dueForRenewal(customerId, now), { _id: 1, consentExpiresAt: 1 }).lean();
  return enqueueJobs<RenewalPayload>(
    ConsentRenewalMailJob.name,
    due.map((c) => ({
      payload: { customerId: String(customerId), candidateId: String(c._id) },
      opts: { runAt: now, customerId, requestedBy, dedupeKey: `${ConsentRenewalMailJob.name}:${String(c._id)}:${c.consentExpiresAt!.getTime()}` },
    })),
  );
}

export const ConsentRenewalEveryMs = 24 * 3600 * 1000;

/** Every day: each active company's candidates whose consent lapses soon are asked to renew it. */
export const ConsentRenewalSweepJob = registerRecurringJob(
  {
    name: 'privacy.consent-renewal-sweep',
    maxAttempts: 3,
    async handler(_payload, ctx) {
      const now = ctx.now();
      let queued = 0;
      const customers = await Customer.find({ status: 'active' }, { _id: 1 }).lean();
      for (const { _id } of customers) queued += await queueConsentRenewals({ customerId: _id, now });
      return { queued };
    },
  },
  ConsentRenewalEveryMs,
);

/** The background jobs of privacy/consent (listed by privacy.jobs.ts). */
export const consentJobs: JobDefinition[] = [ConsentRenewalMailJob, ConsentRenewalSweepJob];
