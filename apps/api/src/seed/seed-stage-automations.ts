import type { TSaveStageAutomationsRequest } from '@hireflow/contracts/pipeline';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { getWorkflowStages } from '../modules/jobs/job-settings.service';
import { saveStageAutomations } from '../modules/pipeline/automations/automations.service';

/** The pipeline template the demo's Interview stage sends (its name is the demo's own: other seeds add other templates). */
export const DemoAutomationTemplate = {
  name: 'Moving forward: interviews',
  subject: 'Next steps with {{company.name}}: {{job.title}}',
  body: 'Hi {{candidate.firstName}},\n\nGood news: we would like to get to know you better and move your application for {{job.title}} to interviews. We will be in touch shortly to find a time that suits you.\n\nBest regards,\nThe {{company.name}} hiring team',
};

/**
 * A few stage automations for Acme, on its workflow template (so every job's stage of that name runs them):
 * entering Interview mails the candidate "Moving forward" after an hour and asks the hiring team for
 * feedback after a day; entering Offer tells the hiring manager at once. Runs after the jobs exist.
 */
export async function seedStageAutomations() {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer) return;
  const customerId = customer._id;
  if (await MailTemplate.exists({ customerId, name: DemoAutomationTemplate.name })) return;
  const admin = await User.findOne({ customerId, email: 'admin@acme.test' }).lean();
  if (!admin) return;
  const template = await MailTemplate.create({ customerId, kind: 'pipeline', ...DemoAutomationTemplate, createdBy: admin._id, updatedBy: admin._id });
  const stages = await getWorkflowStages(customerId);
  const plan: Record<string, TSaveStageAutomationsRequest['automations']> = {
    interview: [
      { action: 'send_candidate_mail', templateId: String(template._id), delayMinutes: 60 },
      { action: 'request_scorecards', delayMinutes: 24 * 60 },
    ],
    offer: [{ action: 'notify_hiring_manager', delayMinutes: 0 }],
  };
  for (const [name, automations] of Object.entries(plan)) {
    const stage = stages.find((s) => s.name.toLowerCase() === name);
    if (stage) await saveStageAutomations({ customerId, actorId: admin._id, stageId: String(stage._id), input: { automations } });
  }
}
