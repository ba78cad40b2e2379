import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { RejectionReason } from '../modules/pipeline/rejections/rejection-reason.model';
import { loadRejectionReasons, reasonKey } from '../modules/pipeline/rejections/rejection-reasons';

/** The pipeline mails Acme's recruiters pick in the reject dialog (and bulk mails). */
export const DemoPipelineTemplates = [
  {
    name: 'Thank you for applying - not selected',
    subject: 'Your application for {{job.title}} at {{company.name}}',
    body: 'Hi {{candidate.firstName}},\n\nThank you for applying for the {{job.title}} role and for the time you gave us. After careful consideration we have decided to go on with other candidates whose experience matches the role more closely.\n\nWe will keep your details and may reach out when a role fits you better. We wish you every success.\n\nKind regards,\n{{sender.name}}\n{{company.name}}',
  },
  {
    name: 'Moving forward',
    subject: 'Next steps for {{job.title}}',
    body: 'Hi {{candidate.firstName}},\n\nGood news: we would like to move your application for {{job.title}} to the next step. We will be in touch shortly to arrange it.\n\nBest regards,\n{{sender.name}}\n{{company.name}}',
  },
];

/**
 * Acme's rejection reasons (the default set, one reason of its own and one retired from an old process)
 * and two pipeline mail templates. Runs once: a company that already has pipeline templates is left alone.
 */
export async function seedRejections() {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await MailTemplate.exists({ customerId: customer._id, kind: 'pipeline' }))) return;
  const customerId = customer._id;
  const recruiter = await User.findOne({ customerId, email: 'recruiter@acme.test' }).lean();
  await MailTemplate.insertMany(DemoPipelineTemplates.map((t) => ({ customerId, kind: 'pipeline', ...t, createdBy: recruiter?._id ?? null, updatedBy: recruiter?._id ?? null })));

  const reasons = await loadRejectionReasons(customerId);
  const own = [
    { label: 'Overqualified for the role', active: true },
    { label: 'Failed the take-home test (old process)', active: false },
  ].filter((r) => !reasons.some((x) => x.labelKey === reasonKey(r.label)));
  await RejectionReason.insertMany(own.map((r, i) => ({ customerId, ...r, labelKey: reasonKey(r.label), position: reasons.length + i })));
}
