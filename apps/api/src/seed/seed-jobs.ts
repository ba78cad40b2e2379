import { Types } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import type { TJobStatus } from '@hireflow/contracts/jobs';
import { DefaultRejectionReasons } from '@hireflow/contracts/pipeline';
import { Customer } from '../modules/org/customer.model';
import { Department } from '../modules/org/department.model';
import { Location } from '../modules/org/location.model';
import { BusinessUnit } from '../modules/org/business-unit.model';
import { JobCode } from '../modules/org/job-code.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Requisition } from '../modules/jobs/requisition.model';
import { StatusEvent } from '../modules/jobs/status-event.model';
import { JobActivity } from '../modules/jobs/job-activity.model';
import { ApprovalChain } from '../modules/approvals/chains/approval-chain.model';
import { Approval } from '../modules/approvals/approval.model';
import { getWorkflowStages } from '../modules/jobs/job-settings.service';
import { memberIdsOf } from '../modules/jobs/job-records';
import { kindCountsOf } from '../modules/jobs/stage-counts';
import { Candidate } from '../modules/candidates/candidate.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { CareerSite } from '../modules/careers/career-site.model';
import { storeFile } from '../modules/files/files.service';
import { demoResumePdf } from './demo-resume';
import { InboundSources } from '../modules/reports/tallies/stage-tallies';
import { rng, weighted } from './seed-random';

const Day = 86_400_000;
const calendarDays = (from: Date, to: Date) => Math.round((Math.floor(to.getTime() / Day) - Math.floor(from.getTime() / Day)));
const Titles = [
  'Senior Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'Data Engineer', 'Product Designer',
  'Engineering Manager', 'QA Automation Engineer', 'Account Executive', 'Sales Development Rep', 'Customer Success Manager',
  'Financial Analyst', 'People Partner', 'Operations Analyst', 'Mobile Engineer (iOS)', 'Security Engineer',
  'Technical Writer', 'Solutions Architect', 'Marketing Manager', 'Recruiter', 'Machine Learning Engineer',
  'Product Manager', 'Support Engineer', 'Office Manager', 'Payroll Specialist', 'DevOps Engineer',
];
// Status per job, in creation order (oldest first): older jobs are the ones that got closed or filled.
const AcmeStatuses: TJobStatus[] = [
  'filled', 'closed', 'filled', 'open', 'filled', 'closed', 'open', 'on_hold', 'open', 'open', 'closed', 'open', 'open',
  'on_hold', 'open', 'open', 'open', 'open', 'draft', 'open', 'open', 'pending_approval', 'draft', 'pending_approval', 'pending_approval',
];
const GlobexStatuses: TJobStatus[] = ['filled', 'open', 'open', 'pending_approval'];
const FirstNames = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'Wei', 'Priya', 'Ahmed', 'Fatima', 'Kenji', 'Yuki', 'Carlos', 'Lucia', 'Ivan', 'Olga', 'Kwame', 'Amara', 'Lars', 'Ingrid', 'Rahul', 'Ananya', 'Diego', 'Valentina', 'Omar', 'Leila'];
const LastNames = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Chen', 'Sharma', 'Hassan', 'Sato', 'Fernandez', 'Petrov', 'Mensah', 'Nielsen', 'Gupta', 'Rodriguez', 'Ibrahim', 'Park', 'Muller', 'Costa'];
const WhyAnswers = [
  'I have used your product for years and want to help build it.',
  'The team and the problems you work on match what I want to do next.',
  'A friend who works here recommended it, and the role fits my experience.',
  'I am looking for a company where I can grow and take on more ownership.',
];
const Sources: [TApplicationSource, number][] = [['career_site', 0.5], ['referral', 0.2], ['sourced', 0.15], ['agency', 0.1], ['import', 0.05]];

const description = (title: string, dept: string) =>
  `<h2>About the role</h2><p>As our ${title} in ${dept} you join a small team that ships every week.</p><h3>What you will do</h3><ul><li>Own problems end to end</li><li>Work closely with customers and colleagues</li><li>Make the team better every month</li></ul><h3>What we offer</h3><p>Flexible hours, learning budget, and a team that cares.</p>`;

/**
 * Jobs with requisitions and approval histories over the last six months, a few hundred applications
 * with stage histories, and every status and stage event reports read. All bulk inserts.
 */
export async function seedJobs({ now = new Date() }: { now?: Date } = {}) {
  for (const [slug, statuses, seed] of [['acme', AcmeStatuses, 7], ['globex', GlobexStatuses, 11]] as const) {
    const customer = await Customer.findOne({ slug }).lean();
    if (!customer || (await Job.exists({ customerId: customer._id }))) continue;
    await seedCompanyJobs(customer._id, customer.name, statuses, rng(seed), now);
  }
}

async function seedCompanyJobs(customerId: Types.ObjectId, companyName: string, statuses: TJobStatus[], random: () => number, now: Date) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const [departments, locations, units, jobCodes, users, stages] = await Promise.all([
    Department.find({ customerId }).lean(),
    Location.find({ customerId }).lean(),
    BusinessUnit.find({ customerId, parentId: { $ne: null } }).lean(),
    JobCode.find({ customerId }).lean(),
    User.find({ customerId, status: 'active' }, { email: 1, role: 1, admin: 1, addlRoles: 1 }).lean(),
    getWorkflowStages(customerId),
  ]);
  if (!departments.length || !locations.length) return;
  const byEmail = (prefix: string) => users.find((u) => u.email.startsWith(prefix));
  const admin = users.find((u) => u.admin)!;
  const recruiters = users.filter((u) => u.role === 'recruiter' && !u.admin);
  const mainRecruiter = byEmail('recruiter@') ?? recruiters[0]!;
  const hms = users.filter((u) => (u.addlRoles as string[]).includes('HM'));
  const mainHm = byEmail('hm@') ?? hms[0] ?? admin;
  const employees = users.filter((u) => u.role === 'employee');
  const interviewerPool = employees.length ? employees : users;
  const secondApprover = users.find((u) => u.role === 'employee' && !(u.addlRoles as string[]).includes('HM') && !u.email.startsWith('employee@')) ?? admin;
  const chain = [secondApprover._id, admin._id];
  await ApprovalChain.insertMany([{ customerId, kind: 'vacancy', businessUnitId: null, approverIds: chain }, { customerId, kind: 'offer', businessUnitId: null, approverIds: [admin._id] }]);
  const whyQuestion = `Why do you want to work at ${companyName}?`;
  await CareerSite.create({
    customerId,
    intro: `${companyName} builds tools that thousands of teams rely on every day.\n\nWe hire curious people and give them room to grow. Browse our open positions below.`,
    applyForm: { phone: 'optional', resume: 'optional', questions: [{ id: 'why', label: whyQuestion, required: false }] },
  });

  const jobs: Record<string, unknown>[] = [];
  const requisitions: Record<string, unknown>[] = [];
  const approvals: Record<string, unknown>[] = [];
  const statusEvents: Record<string, unknown>[] = [];
  const activity: Record<string, unknown>[] = [];
  const candidates = new Map<string, Record<string, unknown>>();
  const applications: Record<string, unknown>[] = [];
  const stageEvents: Record<string, unknown>[] = [];
  const flow = stages.filter((s) => s.kind !== 'rejected');
  const rejected = stages.find((s) => s.kind === 'rejected')!;
  const span = 180 * Day;

  statuses.forEach((status, i) => {
    const createdAt = new Date(now.getTime() - span + (i / statuses.length) * (span - 5 * Day) + random() * 2 * Day);
    const department = departments[i % departments.length]!;
    const location = locations[(i * 2) % locations.length]!;
    const unit = units.length ? units[i % units.length]! : null;
    const jobCode = jobCodes.length && i % 3 === 0 ? jobCodes[i % jobCodes.length]! : null;
    const hm = i % 3 === 0 ? mainHm : hms.length ? pick(hms) : mainHm;
    const recruiterIds = [i % 2 === 0 ? mainRecruiter._id : pick(recruiters)._id];
    const interviewerIds = [...new Set([pick(interviewerPool)._id, pick(interviewerPool)._id, ...(i % 4 === 0 ? [byEmail('employee@')?._id] : [])].filter(Boolean).map(String))].map((id) => new Types.ObjectId(id));
    const title = Titles[i % Titles.length]!;
    const jobId = new Types.ObjectId();
    const reqId = new Types.ObjectId();
    const headcount = 1 + (i % 3 === 0 ? 1 : 0);
    const position = {
      title,
      jobCodeId: jobCode?._id ?? null,
      departmentId: department._id,
      businessUnitId: unit?._id ?? null,
      locationId: location._id,
      headcount,
      employmentType: i % 7 === 6 ? 'contract' : i % 11 === 10 ? 'part_time' : 'full_time',
      salaryBand: { min: 50_000 + (i % 5) * 10_000, max: 70_000 + (i % 5) * 15_000, currency: location.country === 'India' ? 'INR' : location.country === 'USA' ? 'USD' : 'EUR' },
      targetStartDate: new Date(createdAt.getTime() + 60 * Day).toISOString().slice(0, 10),
      hiringManagerId: hm._id,
      recruiterIds,
      interviewerIds,
      followerIds: i % 5 === 0 ? [pick(users)._id] : [],
      customFields: { seniority: pick(['Junior', 'Mid', 'Senior']) },
    };

    // Requisition history: submitted, approver 1, approver 2 (a few were rejected once and resubmitted).
    const ev = (entity: 'job' | 'requisition', entityId: Types.ObjectId, from: string | null, to: string, at: Date, by: Types.ObjectId, comment = '') =>
      statusEvents.push({ customerId, entity, entityId, jobId, from, to, at, by, comment, businessUnitId: unit?._id ?? null, departmentId: department._id });
    const act = (at: Date, by: Types.ObjectId, action: string, summary: string) => activity.push({ customerId, jobId, at, by, action, summary });
    const decisions: { round: number; step: number; approverId: Types.ObjectId; decision: string; comment: string; at: Date }[] = [];
    const submissions: { round: number; step: number; action: 'submitted'; by: Types.ObjectId; at: Date }[] = [];
    let t = createdAt.getTime();
    const step = () => new Date((t += (0.3 + random() * 2) * Day));
    ev('requisition', reqId, null, 'draft', new Date(t), hm._id);
    let round = 1;
    submissions.push({ round, step: 0, action: 'submitted', by: hm._id, at: step() });
    ev('requisition', reqId, 'draft', 'pending_approval', new Date(t), hm._id);
    ev('job', jobId, null, 'pending_approval', new Date(t), hm._id);
    act(new Date(t), hm._id, 'created', 'Job created as pending approval');
    if (i % 8 === 3) {
      const at = step();
      decisions.push({ round, step: 0, approverId: chain[0]!, decision: 'rejected', comment: 'Please narrow the salary band first', at });
      ev('requisition', reqId, 'pending_approval', 'rejected', at, chain[0]!, 'Please narrow the salary band first');
      ev('job', jobId, 'pending_approval', 'draft', at, chain[0]!);
      round = 2;
      submissions.push({ round, step: 0, action: 'submitted', by: hm._id, at: step() });
      ev('requisition', reqId, 'rejected', 'pending_approval', new Date(t), hm._id);
      ev('job', jobId, 'draft', 'pending_approval', new Date(t), hm._id);
    }
    const waiting = status === 'pending_approval';
    const rejectedNow = status === 'draft';
    const approved = waiting ? i % 2 : rejectedNow ? 0 : chain.length;
    for (let s = 0; s < approved; s++) decisions.push({ round, step: s, approverId: chain[s]!, decision: 'approved', comment: s === 0 ? 'Fits the plan' : '', at: step() });
    let reqStatus = 'pending_approval';
    let openedAt: Date | null = null;
    if (rejectedNow) {
      const at = step();
      decisions.push({ round, step: 0, approverId: chain[0]!, decision: 'rejected', comment: 'Not in this quarter’s budget', at });
      ev('requisition', reqId, 'pending_approval', 'rejected', at, chain[0]!, 'Not in this quarter’s budget');
      ev('job', jobId, 'pending_approval', 'draft', at, chain[0]!, 'Not in this quarter’s budget');
      act(at, chain[0]!, 'status', 'Status changed from pending approval to draft: Not in this quarter’s budget');
      reqStatus = 'rejected';
    } else if (!waiting) {
      openedAt = new Date(t);
      ev('requisition', reqId, 'pending_approval', 'approved', openedAt, chain[chain.length - 1]!);
      ev('job', jobId, 'pending_approval', 'open', openedAt, chain[chain.length - 1]!);
      act(openedAt, chain[chain.length - 1]!, 'status', 'Status changed from pending approval to open');
      reqStatus = 'approved';
    }
    requisitions.push({
      _id: reqId,
      customerId,
      ...position,
      justification: `We need a ${title} to keep up with demand in ${department.name}.`,
      headcountJustification: '',
      status: reqStatus,
      requesterId: hm._id,
      jobId,
      currentApproverId: waiting ? chain[approved] : null,
      createdAt,
      updatedAt: new Date(t),
    });
    // Its approval (modules/approvals): pending ones wait for the admin or the other approver.
    approvals.push({
      customerId,
      kind: 'vacancy',
      subjectId: reqId,
      businessUnitId: unit?._id ?? null,
      requesterId: hm._id,
      title,
      detail: [`${headcount} position${headcount === 1 ? '' : 's'}`, department.name, location.name].join(', '),
      status: waiting ? 'pending' : reqStatus,
      round,
      approverIds: chain,
      currentStep: waiting ? approved : Math.max(0, decisions.filter((d) => d.round === round).length - 1),
      currentApproverId: waiting ? chain[approved] : null,
      deciderIds: [...new Set(decisions.map((d) => String(d.approverId)))].map((id) => new Types.ObjectId(id)),
      submittedAt: submissions.at(-1)!.at,
      decisions,
      events: submissions,
      createdAt: submissions[0]!.at,
      updatedAt: new Date(t),
    });

    // Applications from the day the job opened until it closed (or now), each walking the pipeline.
    const stageCounts: Record<string, number> = Object.fromEntries(stages.map((s) => [String(s._id), 0]));
    let closedAt: Date | null = null;
    if (openedAt) {
      const end = status === 'open' || status === 'on_hold' ? now.getTime() : Math.min(now.getTime(), openedAt.getTime() + (40 + random() * 40) * Day);
      const count = Math.round(8 + random() * 22);
      let hires = 0;
      for (let a = 0; a < count; a++) {
        const appliedAt = new Date(openedAt.getTime() + random() * (end - openedAt.getTime()) * 0.9);
        const first = pick(FirstNames);
        const last = pick(LastNames);
        const email = `${first}.${last}.${Math.floor(random() * 60)}@mail.example`.toLowerCase();
        const source = weighted(random, Sources);
        // One candidate per full name: the same name applying again is the same person (no two demo Lucia Costas).
        const fullName = `${first} ${last}`;
        let candidate = candidates.get(fullName);
        if (!candidate) {
          candidate = { _id: new Types.ObjectId(), customerId, firstName: first, lastName: last, email, phone: `+1 555 ${String(100 + candidates.size).padStart(4, '0')}`, source, consentAt: appliedAt, createdAt: appliedAt, updatedAt: appliedAt };
          candidates.set(fullName, candidate);
        } else if (applications.some((x) => x.jobId === jobId && x.candidateId === candidate!._id)) continue;
        const appId = new Types.ObjectId();
        // How far this one got: most stop early; a rejection ends the walk.
        const reach = Math.min(flow.length - 1, Math.floor(Math.pow(random(), 2.2) * flow.length));
        const isHire = flow[reach]!.kind === 'hired' && status === 'filled' && hires < headcount;
        const target = flow[reach]!.kind === 'hired' && !isHire ? reach - 1 : reach;
        const rejectAtEnd = !isHire && (status !== 'open' || random() < 0.45) && random() < 0.8;
        let at = appliedAt.getTime();
        let from: (typeof stages)[number] | null = null;
        const path = [...flow.slice(0, target + 1), ...(rejectAtEnd ? [rejected] : [])];
        // One in eight who leave withdrew themselves; the others were rejected with a reason of the company's list.
        const withdrew = rejectAtEnd && random() < 0.125;
        const reason = rejectAtEnd && !withdrew ? pick(DefaultRejectionReasons) : '';
        let entered = { _id: new Types.ObjectId(), at: appliedAt };
        let firstMove: Date | null = null;
        for (const stage of path) {
          const when = new Date(Math.min(at, now.getTime() - 60_000));
          entered = { _id: new Types.ObjectId(), at: when };
          if (from && !firstMove) firstMove = when;
          // What recordStageEvents adds: the source, and the time to hire (calendar days) on the hire.
          const daysToHire = stage.kind === 'hired' ? calendarDays(InboundSources.includes(source) ? appliedAt : (firstMove ?? appliedAt), when) : null;
          stageEvents.push({ _id: entered._id, customerId, applicationId: appId, jobId, candidateId: candidate._id, fromStageId: from?._id ?? null, fromKind: from?.kind ?? null, toStageId: stage._id, toKind: stage.kind, at: when, by: from ? recruiterIds[0] : null, reason: stage.kind === 'rejected' ? reason : '', withdrawn: stage.kind === 'rejected' && withdrew, source, daysToHire });
          from = stage;
          at += (1 + random() * 6) * Day;
        }
        if (isHire) hires++;
        const final = from!;
        stageCounts[String(final._id)]! += 1;
        applications.push({
          _id: appId,
          customerId,
          candidateId: candidate._id,
          jobId,
          stageId: final._id,
          stageKind: final.kind,
          stageEnteredAt: entered.at,
          lastStageEventId: entered._id,
          rejectionReason: reason,
          rejectedBy: reason ? recruiterIds[0] : null,
          withdrawn: withdrew,
          source,
          appliedAt,
          atCreation: { businessUnitId: unit?._id ?? null, departmentId: department._id, recruiterIds, hiringManagerId: hm._id },
          ownerId: recruiterIds[0],
          answers: source === 'career_site' && random() < 0.7 ? [{ questionId: 'why', label: whyQuestion, answer: pick(WhyAnswers) }] : [],
          candidateName: `${first} ${last}`,
          candidateEmail: String(candidate.email),
          createdAt: appliedAt,
          updatedAt: appliedAt,
        });
      }
      if (status !== 'open') {
        closedAt = new Date(Math.min(end + Day, now.getTime() - Day));
        if (status === 'on_hold') closedAt = new Date(now.getTime() - (3 + random() * 10) * Day);
        ev('job', jobId, 'open', status, closedAt, recruiterIds[0]!, status === 'on_hold' ? 'Budget review' : '');
        act(closedAt, recruiterIds[0]!, 'status', `Status changed from open to ${status.replace('_', ' ')}${status === 'on_hold' ? ': Budget review' : ''}`);
      }
    }
    jobs.push({
      _id: jobId,
      customerId,
      ...position,
      status,
      requisitionId: reqId,
      description: description(title, department.name),
      published: status === 'open' && i % 6 !== 5,
      stages,
      stageCounts,
      kindCounts: kindCountsOf(stages, stageCounts),
      applicantCount: Object.values(stageCounts).reduce((a, b) => a + b, 0),
      memberIds: memberIdsOf({ ...position, createdBy: hm._id }),
      titleLower: title.toLowerCase(),
      createdBy: hm._id,
      openedAt,
      createdAt,
      updatedAt: closedAt ?? openedAt ?? createdAt,
    });
  });

  await attachResumes(customerId, [...candidates.values()], applications, random);
  await Job.insertMany(jobs, { timestamps: false });
  await Requisition.insertMany(requisitions, { timestamps: false });
  await Approval.insertMany(approvals, { timestamps: false });
  await StatusEvent.insertMany(statusEvents);
  await JobActivity.insertMany(activity);
  // What refreshCandidateJobs keeps on every candidate: the jobs they are on and the kinds of stage they are in.
  for (const candidate of candidates.values()) {
    const own = applications.filter((a) => a.candidateId === candidate._id);
    Object.assign(candidate, { jobIds: [...new Set(own.map((a) => a.jobId))], stageKinds: [...new Set(own.map((a) => a.stageKind))] });
  }
  await Candidate.insertMany([...candidates.values()], { timestamps: false });
  await Application.insertMany(applications, { timestamps: false });
  await StageEvent.insertMany(stageEvents);
}

/**
 * Most candidates sent a résumé: a small PDF in GridFS, as an upload would leave it. Like an upload, each
 * application holds its own copy (owned by it, so it follows that job's visibility); the candidate keeps the first.
 */
async function attachResumes(customerId: Types.ObjectId, candidates: Record<string, unknown>[], applications: Record<string, unknown>[], random: () => number) {
  for (const candidate of candidates) {
    if (random() >= 0.7) continue;
    const name = `${String(candidate.firstName)} ${String(candidate.lastName)}`;
    const filename = `${name.replace(/\s+/g, '-')}-resume.pdf`;
    const lines = [name, String(candidate.email), String(candidate.phone), '', 'Experience', '2019 - today   Senior specialist, Northwind Traders', '2015 - 2019    Specialist, Contoso Ltd', '', 'Education', '2011 - 2015    BSc, State University'];
    const buffer = demoResumePdf(lines);
    // The text as extraction would find it, so search finds the demo at once (seed-candidates).
    Object.assign(candidate, { resumeText: lines.join('\n'), resumeTextState: 'extracted' });
    for (const application of applications) {
      if (application.candidateId !== candidate._id) continue;
      const owner = { kind: 'application' as const, id: application._id as Types.ObjectId };
      const fileId = await storeFile({ customerId, owner, buffer, filename, contentType: 'application/pdf', kind: 'resume' });
      Object.assign(application, { resumeFileId: fileId, resumeFilename: filename });
      if (!candidate.resumeFileId) Object.assign(candidate, { resumeFileId: fileId, resumeFilename: filename });
    }
  }
}

