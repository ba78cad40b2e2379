import { Types } from 'mongoose';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { InterviewAttribute } from '../modules/interviews/plans/interview-attribute.model';
import { InterviewPlan } from '../modules/interviews/plans/interview-plan.model';
import { DemoCompanies } from './demo-accounts';

export const DemoAttributes = [
  ['System design', 'Designs systems that hold up: trade-offs, scale, failure.'],
  ['Coding', 'Writes clear, correct, tested code.'],
  ['Problem solving', 'Breaks a vague problem down and gets to an answer.'],
  ['Communication', 'Explains ideas plainly and listens.'],
  ['Ownership', 'Takes things to the end without being chased.'],
  ['Collaboration', 'Works well with others, gives and takes feedback.'],
  ['Culture add', 'Brings something the team does not have yet.'],
  ['Role knowledge', 'Knows the craft of the role in depth.'],
] as const;

export const DemoInterviewTemplates = [
  {
    name: 'Interview invitation',
    subject: 'Your {{interview.round}} with {{company.name}}',
    body: '<p>Hi {{candidate.firstName}},</p><p>Thank you for your interest in the <strong>{{job.title}}</strong> role. We would like to invite you to a <strong>{{interview.round}}</strong>.</p><ul><li>When: {{interview.start}}</li><li>Duration: {{interview.duration}}</li><li>How: {{interview.mode}}, {{interview.location}}</li><li>With: {{interview.interviewers}}</li></ul><p>If the time does not suit you, just reply to this mail.</p><p>Best regards,<br>{{sender.name}}</p>',
  },
  {
    name: 'Pick a time (self-scheduling)',
    subject: 'Pick a time for your {{interview.round}}',
    body: '<p>Hi {{candidate.firstName}},</p><p>We would love to talk with you about the <strong>{{job.title}}</strong> role. Please pick a time that suits you for your {{interview.round}} ({{interview.duration}}) here: {{interview.scheduleLink}}</p><p>Best regards,<br>{{sender.name}}</p>',
  },
];

type Round = { name: string; durationMinutes: number; interviewerIds: Types.ObjectId[]; attributes: string[] };
const round = (r: Round, attr: Map<string, Types.ObjectId>) => ({
  _id: new Types.ObjectId(),
  name: r.name,
  durationMinutes: r.durationMinutes,
  interviewerIds: r.interviewerIds,
  attributeIds: r.attributes.map((a) => attr.get(a)!),
});

/**
 * Interview plans for the demo companies: an attribute library, a company default plan (phone screen,
 * technical, onsite, culture), a plan of its own on each open job with its recruiter, hiring manager and
 * colleagues as interviewers, interview invitation templates and signatures for the demo accounts.
 * Runs after the jobs exist and before interviews are seeded (they refer to these rounds).
 */
export async function seedInterviewPlans() {
  for (const slug of ['acme', 'globex']) {
    const customer = await Customer.findOne({ slug }).lean();
    if (!customer) continue;
    const customerId = customer._id;
    if (await InterviewAttribute.exists({ customerId })) continue;
    const admin = await User.findOne({ customerId, email: `admin@${slug}.test` }).lean();
    if (!admin) continue;

    const created = await InterviewAttribute.insertMany(DemoAttributes.map(([name, description]) => ({ customerId, name, description })));
    const attr = new Map(created.map((a) => [a.name, a._id as Types.ObjectId]));
    const people = await User.find({ customerId, status: 'active' }, { _id: 1, firstName: 1, lastName: 1, email: 1, role: 1 }).sort({ email: 1 }).limit(40).lean();
    const employees = people.filter((p) => p.role === 'employee');
    const recruiter = people.find((p) => p.email === `recruiter@${slug}.test`) ?? admin;

    await InterviewPlan.create({
      customerId,
      jobId: null,
      updatedBy: admin._id,
      rounds: [
        round({ name: 'Phone screen', durationMinutes: 30, interviewerIds: [recruiter._id], attributes: ['Communication'] }, attr),
        round({ name: 'Technical interview', durationMinutes: 60, interviewerIds: [], attributes: ['Problem solving', 'Role knowledge'] }, attr),
        round({ name: 'Onsite', durationMinutes: 180, interviewerIds: [], attributes: ['Collaboration', 'Ownership'] }, attr),
        round({ name: 'Culture conversation', durationMinutes: 45, interviewerIds: [], attributes: ['Culture add', 'Communication'] }, attr),
      ],
    });

    const jobs = await Job.find({ customerId, status: 'open' }, { _id: 1, title: 1, hiringManagerId: 1, recruiterIds: 1 }).sort({ _id: 1 }).limit(30).lean();
    // Every other open job gets a plan of its own; the rest follow the company default.
    const plans = jobs.filter((_j, i) => i % 2 === 0).map((job, i) => {
      const owner = job.recruiterIds?.[0] ?? recruiter._id;
      const hm = job.hiringManagerId ?? admin._id;
      const colleague = employees[i % Math.max(employees.length, 1)]?._id ?? hm;
      const other = employees[(i + 3) % Math.max(employees.length, 1)]?._id ?? owner;
      const technical = /engineer|developer|devops|data|architect/i.test(job.title ?? '');
      return {
        customerId,
        jobId: job._id,
        updatedBy: owner,
        rounds: [
          round({ name: 'Phone screen', durationMinutes: 30, interviewerIds: [owner], attributes: ['Communication'] }, attr),
          round(technical
            ? { name: 'Technical interview', durationMinutes: 60, interviewerIds: [colleague, other], attributes: ['Coding', 'Problem solving'] }
            : { name: 'Skills interview', durationMinutes: 60, interviewerIds: [colleague], attributes: ['Role knowledge', 'Problem solving'] }, attr),
          round(technical
            ? { name: 'System design', durationMinutes: 90, interviewerIds: [other, hm], attributes: ['System design', 'Ownership'] }
            : { name: 'Case study', durationMinutes: 90, interviewerIds: [hm, other], attributes: ['Ownership', 'Collaboration'] }, attr),
          round({ name: 'Culture conversation', durationMinutes: 45, interviewerIds: [hm], attributes: ['Culture add', 'Communication'] }, attr),
        ],
      };
    });
    if (plans.length) await InterviewPlan.insertMany(plans);

    await MailTemplate.insertMany(DemoInterviewTemplates.map((t) => ({ customerId, kind: 'interview', ...t, createdBy: admin._id, updatedBy: admin._id })));
    const emails = DemoCompanies.find((c) => c.slug === slug)?.accounts.map((a) => a.email) ?? [];
    const accounts = await User.find({ customerId, email: { $in: emails } }, { firstName: 1, lastName: 1 }).lean();
    for (const p of accounts) {
      const signature = `<p>Best regards,<br><strong>${p.firstName} ${p.lastName}</strong><br>${customer.name}</p>`;
      await User.updateOne({ customerId, _id: p._id }, { $set: { signature } });
    }
  }
}
