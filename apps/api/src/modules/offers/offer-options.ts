import type { Types } from 'mongoose';
import type { TOfferOptions } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { MailTemplate } from '../mail/mail-template.model';
import { activeCustomFields } from '../org/custom-field-values';
import { findOfferApplication, offerBlocker } from './offer-application';

type Actor = Pick<UserDoc, '_id' | 'role' | 'admin' | 'superUser'>;

/** What the create form needs: defaults from the job, the company's offer letter templates and offer custom fields, and why no offer can be made now. */
export async function offerOptions({ customerId, actor }: { customerId: Types.ObjectId; actor: Actor }, applicationId: string): Promise<TOfferOptions> {
  const { application, job, visible } = await findOfferApplication(customerId, actor, applicationId);
  if (!visible) throw AppError.notFound('Application');
  const [blocker, templates, customFields] = await Promise.all([
    offerBlocker(customerId, actor, application, job),
    MailTemplate.find({ customerId, kind: 'offer' }, { name: 1 }).sort({ name: 1 }).lean(),
    activeCustomFields(customerId, 'offer'),
  ]);
  return {
    defaults: { jobTitle: job.title, managerId: job.hiringManagerId ? String(job.hiringManagerId) : null, currency: job.salaryBand?.currency ? job.salaryBand.currency.toUpperCase() : null },
    templates: templates.map((t) => ({ id: String(t._id), name: t.name })),
    customFields,
    blockedReason: blocker?.message ?? null,
  };
}
