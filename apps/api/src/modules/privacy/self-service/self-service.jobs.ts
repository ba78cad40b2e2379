import { Types } from 'mongoose';
import { PrivacyLinkRules } from '@hireflow/contracts/privacy';
import type { JobDefinition } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { Candidate } from '../../candidates/candidate.model';
import { brandMailOf } from '../../company/brand';
import { Customer } from '../../org/customer.model';
import { createPrivacyLink } from '../privacy-link';
import { privacyLinkMail } from './self-service.render';

export type PrivacyLinkRequest = { customerId: string; email: string };

/**
 * Someone asked for a link on the career site. Queued whatever the email, so the page answers the same and in the
 * same time; only here, in the background, is the email looked up. A known, non-erased candidate gets a mail with
 * a fresh link; anyone else gets nothing. The done job keeps neither the address nor
 * whether it was known.
 */
export const PrivacyLinkRequestJob: JobDefinition<PrivacyLinkRequest> = {
  name: 'privacy.link-request',
  maxAttempts: 3,
  keepForSeconds: 24 * 3600,
  redact: ({ customerId }) => ({ customerId }),
  async handler({ customerId, email }, ctx) {
    const companyId = new Types.ObjectId(customerId);
    const [company, candidate] = await Promise.all([
      Customer.findById(companyId, { name: 1 }).lean(),
      Candidate.findOne({ customerId: companyId, email: email.trim().toLowerCase(), erasedAt: null, mergedIntoId: null }, { firstName: 1, email: 1 }).lean(),
    ]);
    if (!company || !candidate?.email) return;
    const publicUrl = ctx.config.publicUrl;
    const now = ctx.now();
    const link = await createPrivacyLink({ customerId: companyId, candidateId: candidate._id, publicUrl, now });
    const body = privacyLinkMail({ firstName: candidate.firstName, companyName: company.name, url: link.url, validDays: PrivacyLinkRules.validDays });
    const mail = await brandMailOf(companyId, publicUrl, body, { candidateId: candidate._id, now });
    await queueMail({ to: candidate.email, ...mail, kind: 'privacy-link' }, { customerId: companyId });
  },
};

/** The background jobs of privacy/self-service (listed by privacy.jobs.ts). */
export const selfServiceJobs: JobDefinition[] = [PrivacyLinkRequestJob];
