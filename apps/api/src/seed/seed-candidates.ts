import { Types } from 'mongoose';
import type { TApplicationSource, TCandidateActivityKind } from '@hireflow/contracts/candidates';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Job } from '../modules/jobs/job.model';
import { Candidate, candidateMatchKeys } from '../modules/candidates/candidate.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { Application } from '../modules/candidates/applications/application.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { storeSmallFiles, type StoredFileInput } from '../modules/files/files.service';
import { demoResumePdf } from './demo-resume';
import { demoResumeDocx } from './demo-docx';
import { rng, weighted } from './seed-random';

/** About this many candidates in Acme's database once the demo is seeded (the job applicants included). */
export const DemoCandidateTarget = 2000;

/**
 * Words that appear only in a few demo résumés, in no name, title, skill or tag: searching for one finds
 * those candidates by their résumé text alone (the README and the e2e test use "Kubeflow").
 */
export const ResumeOnlyWords = {
  Kubeflow: 'Built model training pipelines on Kubeflow for a fraud detection team.',
  Elixir: 'Maintained a real-time chat service written in Elixir and Phoenix.',
  Fortran: 'Ported a weather simulation from Fortran to modern C++.',
} as const;
const ResumeOnlyHolders: Record<number, keyof typeof ResumeOnlyWords> = {
  137: 'Kubeflow', 512: 'Kubeflow', 1203: 'Kubeflow',
  58: 'Elixir', 777: 'Elixir', 1333: 'Elixir', 1601: 'Elixir',
  901: 'Fortran', 1444: 'Fortran',
};

const Day = 86_400_000;
const Families: { titles: string[]; skills: string[] }[] = [
  { titles: ['Backend Engineer', 'Senior Backend Engineer', 'Staff Software Engineer', 'Software Engineer'], skills: ['Java', 'Go', 'Python', 'Node.js', 'TypeScript', 'PostgreSQL', 'MongoDB', 'Kafka', 'gRPC', 'REST APIs', 'Microservices', 'Redis', 'AWS', 'Docker'] },
  { titles: ['Frontend Engineer', 'Senior Frontend Engineer', 'UI Engineer'], skills: ['React', 'TypeScript', 'JavaScript', 'CSS', 'HTML', 'Next.js', 'Vue.js', 'Accessibility', 'Webpack', 'Vite', 'Jest', 'Figma'] },
  { titles: ['Data Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Analytics Engineer'], skills: ['Python', 'SQL', 'Spark', 'Airflow', 'dbt', 'Pandas', 'PyTorch', 'TensorFlow', 'scikit-learn', 'Snowflake', 'BigQuery', 'Statistics'] },
  { titles: ['DevOps Engineer', 'Site Reliability Engineer', 'Platform Engineer', 'Cloud Engineer'], skills: ['Kubernetes', 'Terraform', 'AWS', 'GCP', 'Azure', 'Docker', 'Linux', 'Prometheus', 'Grafana', 'Ansible', 'CI/CD', 'Bash'] },
  { titles: ['Product Designer', 'UX Designer', 'UX Researcher'], skills: ['Figma', 'Sketch', 'User research', 'Prototyping', 'Design systems', 'Usability testing', 'Interaction design'] },
  { titles: ['Product Manager', 'Senior Product Manager', 'Product Owner'], skills: ['Roadmapping', 'Agile', 'Scrum', 'Jira', 'User stories', 'A/B testing', 'Analytics', 'Stakeholder management'] },
  { titles: ['Account Executive', 'Sales Development Rep', 'Sales Manager', 'Customer Success Manager'], skills: ['Salesforce', 'HubSpot', 'Negotiation', 'Prospecting', 'B2B sales', 'SaaS', 'Account management'] },
  { titles: ['Financial Analyst', 'Accountant', 'Controller', 'Payroll Specialist'], skills: ['Excel', 'Financial modelling', 'IFRS', 'GAAP', 'SAP', 'Budgeting', 'Forecasting', 'Payroll'] },
  { titles: ['Recruiter', 'People Partner', 'HR Generalist', 'Talent Sourcer'], skills: ['Sourcing', 'Interviewing', 'Employer branding', 'Onboarding', 'Employment law', 'Workday', 'LinkedIn Recruiter'] },
  { titles: ['Marketing Manager', 'Content Marketer', 'SEO Specialist', 'Growth Marketer'], skills: ['SEO', 'Content strategy', 'Google Analytics', 'Copywriting', 'Paid social', 'Email marketing', 'Marketing automation'] },
  { titles: ['Mobile Engineer (iOS)', 'Android Engineer', 'Mobile Engineer'], skills: ['Swift', 'Kotlin', 'iOS', 'Android', 'SwiftUI', 'Jetpack Compose', 'React Native', 'Flutter'] },
  { titles: ['QA Automation Engineer', 'Test Engineer', 'Security Engineer'], skills: ['Selenium', 'Cypress', 'Playwright', 'Test automation', 'OWASP', 'Penetration testing', 'Java', 'Python'] },
];
const Companies = [
  'Contoso', 'Fabrikam', 'Northwind Traders', 'Tailspin Toys', 'Wide World Importers', 'Adventure Works', 'Litware', 'Proseware', 'Fourth Coffee',
  'Woodgrove Bank', 'Trey Research', 'Alpine Ski House', 'Blue Yonder Airlines', 'Coho Winery', 'Lamna Healthcare', 'Relecloud', 'VanArsdel',
  'Wingtip Toys', 'Humongous Insurance', 'City Power & Light', 'Datum Corporation', 'Southridge Video', 'Margie Travel', 'Bellows College',
];
const Locations = [
  'Berlin, Germany', 'Munich, Germany', 'Hamburg, Germany', 'London, United Kingdom', 'Manchester, United Kingdom', 'Amsterdam, Netherlands',
  'Paris, France', 'Lisbon, Portugal', 'Madrid, Spain', 'Barcelona, Spain', 'Warsaw, Poland', 'Stockholm, Sweden', 'Copenhagen, Denmark',
  'Dublin, Ireland', 'Zurich, Switzerland', 'Vienna, Austria', 'New York, USA', 'San Francisco, USA', 'Austin, USA', 'Toronto, Canada',
  'Bangalore, India', 'Singapore', 'Sydney, Australia', 'Remote',
];
const Tags = ['Silver medalist', 'Relocation', 'Remote only', 'Visa sponsorship', 'Top talent', 'Boomerang', 'Campus', 'Passive', 'Open to contract'];
const FirstNames = [
  'Aaron', 'Abigail', 'Adrian', 'Aisha', 'Alejandro', 'Alice', 'Amir', 'Anna', 'Arjun', 'Beatriz', 'Ben', 'Bianca', 'Chloe', 'Chinedu', 'Daniel',
  'Dara', 'Elena', 'Emeka', 'Emil', 'Emily', 'Farah', 'Felix', 'Freya', 'Gabriel', 'Grace', 'Hana', 'Hugo', 'Isabel', 'Jakub', 'Jasmine',
  'Jonas', 'Julia', 'Kai', 'Karin', 'Leon', 'Lina', 'Lucas', 'Maja', 'Marco', 'Maria', 'Mateo', 'Mei', 'Nadia', 'Niko', 'Noah', 'Nora',
  'Olivia', 'Oscar', 'Paula', 'Pedro', 'Quinn', 'Ravi', 'Rosa', 'Sami', 'Sara', 'Sofia', 'Tariq', 'Theo', 'Uma', 'Viktor', 'Yara', 'Zoe',
];
const LastNames = [
  'Abbott', 'Adeyemi', 'Alvarez', 'Bauer', 'Becker', 'Bianchi', 'Campbell', 'Castillo', 'Dubois', 'Eriksson', 'Fischer', 'Fontaine', 'Garcia',
  'Hansen', 'Hoffmann', 'Horvat', 'Jansen', 'Kaur', 'Kim', 'Kowalski', 'Larsen', 'Lee', 'Lindqvist', 'Lopez', 'Martin', 'Moreau', 'Murphy',
  'Nakamura', 'Novak', 'Nowak', 'Okafor', 'Olsen', 'Patel', 'Perez', 'Rossi', 'Santos', 'Schmidt', 'Schneider', 'Silva', 'Singh', 'Suzuki',
  'Tanaka', 'Thompson', 'Torres', 'Vasquez', 'Visser', 'Wagner', 'Walsh', 'Weber', 'Wright', 'Yilmaz', 'Zhang',
];
const Universities = ['Technical University of Munich', 'University of Amsterdam', 'Imperial College London', 'KTH Royal Institute of Technology', 'University of Lisbon', 'ETH Zurich', 'University of Toronto', 'State University'];
const Degrees = ['BSc Computer Science', 'MSc Computer Science', 'BA Economics', 'BSc Mathematics', 'MBA', 'BA Psychology', 'BEng Electrical Engineering', 'MSc Data Science'];
const Sources: [TApplicationSource, number][] = [['sourced', 0.35], ['import', 0.25], ['referral', 0.15], ['career_site', 0.15], ['agency', 0.1]];
const ConsentSources: Record<TApplicationSource, string> = {
  career_site: 'Career site apply form',
  referral: 'Referred by an employee',
  agency: 'Submitted by an agency',
  sourced: 'Added by a recruiter',
  import: 'Imported',
};
const DocxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Doc = Record<string, unknown> & { _id: Types.ObjectId };
type Activity = { customerId: Types.ObjectId; candidateId: Types.ObjectId; kind: TCandidateActivityKind; at: Date; by: Types.ObjectId | null; applicationId: Types.ObjectId | null; jobId: Types.ObjectId | null; summary: string; data: Record<string, unknown> | null };

/**
 * The candidate database of the demo: the job applicants (seed-jobs) get a full profile, their jobs and
 * timelines, and Acme's database grows to about DemoCandidateTarget people with varied titles, skills,
 * locations, tags and sources, most with a PDF or DOCX résumé whose text is already extracted (so search
 * finds them at once). Bulk writes only; run after seedJobs.
 */
export async function seedCandidates({ now = new Date(), target = DemoCandidateTarget }: { now?: Date; target?: number } = {}) {
  const random = rng(13);
  for (const customer of await Customer.find({ slug: { $in: ['acme', 'globex'] } }, { _id: 1, slug: 1 }).lean()) {
    await completeApplicants(customer._id, random);
    if (customer.slug === 'acme') {
      const have = await Candidate.countDocuments({ customerId: customer._id });
      await addDatabaseCandidates(customer._id, target - have, random, now);
    }
  }
}

const pickFrom = (random: () => number) => <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
function pickSome<T>(random: () => number, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}
const someTags = (random: () => number) => pickSome(random, Tags, random() < 0.6 ? 0 : random() < 0.75 ? 1 : 2);

/** The applicants of the demo jobs: profile fields, `jobIds`/`stageKinds`, and created / applied / moved entries. */
async function completeApplicants(customerId: Types.ObjectId, random: () => number) {
  const pick = pickFrom(random);
  const [candidates, applications, events, jobs] = await Promise.all([
    Candidate.find({ customerId }, { _id: 1, createdAt: 1, source: 1, firstName: 1, lastName: 1, phone: 1 }).lean(),
    Application.find({ customerId }, { candidateId: 1, jobId: 1, stageKind: 1, appliedAt: 1, source: 1 }).sort({ appliedAt: 1 }).lean(),
    StageEvent.find({ customerId, fromStageId: { $ne: null } }, { applicationId: 1, candidateId: 1, jobId: 1, toStageId: 1, at: 1, by: 1 }).lean(),
    Job.find({ customerId }, { title: 1, stages: 1 }).lean(),
  ]);
  const jobById = new Map(jobs.map((j) => [String(j._id), j]));
  const stageName = new Map(jobs.flatMap((j) => j.stages.map((s) => [String(s._id), s.name] as const)));
  const activities: Activity[] = [];
  const latest = new Map<string, Date>();
  const note = (a: Activity) => {
    activities.push(a);
    const key = String(a.candidateId);
    if (!latest.has(key) || latest.get(key)! < a.at) latest.set(key, a.at);
  };
  for (const c of candidates) note({ customerId, candidateId: c._id, kind: 'created', at: c.createdAt, by: null, applicationId: null, jobId: null, summary: 'Added to the database', data: { source: c.source } });
  for (const a of applications) {
    note({ customerId, candidateId: a.candidateId, kind: 'applied', at: a.appliedAt, by: null, applicationId: a._id, jobId: a.jobId, summary: `Applied to ${jobById.get(String(a.jobId))?.title ?? 'a job'}`, data: { source: a.source } });
  }
  for (const e of events) {
    const to = stageName.get(String(e.toStageId)) ?? 'a new stage';
    note({ customerId, candidateId: e.candidateId, kind: 'stage_moved', at: e.at, by: e.by ?? null, applicationId: e.applicationId, jobId: e.jobId, summary: `Moved to ${to} (${jobById.get(String(e.jobId))?.title ?? 'a job'})`, data: { toStageId: e.toStageId } });
  }
  const appsOf = new Map<string, typeof applications>();
  for (const a of applications) appsOf.set(String(a.candidateId), [...(appsOf.get(String(a.candidateId)) ?? []), a]);

  await CandidateActivity.insertMany(activities);
  await Candidate.bulkWrite(
    candidates.map((c) => {
      const family = pick(Families);
      const mine = appsOf.get(String(c._id)) ?? [];
      const company = pick(Companies);
      return {
        updateOne: {
          filter: { customerId, _id: c._id },
          update: {
            $set: {
              currentTitle: pick(family.titles),
              currentCompany: company,
              location: pick(Locations),
              experienceYears: Math.floor(random() * 20),
              skills: pickSome(random, family.skills, 3 + Math.floor(random() * 4)),
              tags: someTags(random),
              consentSource: ConsentSources[c.source],
              jobIds: [...new Map(mine.map((a) => [String(a.jobId), a.jobId])).values()],
              stageKinds: [...new Set(mine.map((a) => a.stageKind))],
              lastActivityAt: latest.get(String(c._id)) ?? c.createdAt,
              ...candidateMatchKeys({ ...c, currentCompany: company }),
            },
          },
        },
      };
    }),
  );
}

/** People in Acme's database who applied to nothing yet: sourced, imported, referred, from agencies. */
async function addDatabaseCandidates(customerId: Types.ObjectId, count: number, random: () => number, now: Date) {
  if (count <= 0) return;

  const pick = pickFrom(random);
  const recruiters = await User.find({ customerId, role: 'recruiter' }, { _id: 1 }).lean();
  const existing = await Candidate.find({ customerId }, { email: 1, firstName: 1, lastName: 1 }).lean();
  const emails = new Set(existing.map((c) => c.email));
  // One person per full name in the demo (pickers and lists show names): every unused pairing, shuffled.
  const taken = new Set(existing.map((c) => `${c.firstName} ${c.lastName}`));
  const names = FirstNames.flatMap((first) => LastNames.map((last) => [first, last] as const)).filter(([f, l]) => !taken.has(`${f} ${l}`));
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const candidates: Doc[] = [];
  const activities: Activity[] = [];
  const files: StoredFileInput[] = [];
  const fileOf: { candidate: Doc; filename: string }[] = [];
  for (let i = 0; i < Math.min(count, names.length); i++) {
    const [firstName, lastName] = names[i]!;
    let email = `${firstName}.${lastName}@${pick(['example.net', 'example.org', 'mail.example.com'])}`.toLowerCase();
    if (emails.has(email)) email = email.replace('@', `${i}@`);
    emails.add(email);
    const family = pick(Families);
    const currentTitle = pick(family.titles);
    const currentCompany = pick(Companies);
    const location = pick(Locations);
    const experienceYears = Math.floor(Math.pow(random(), 1.3) * 25);
    const skills = pickSome(random, family.skills, 3 + Math.floor(random() * 6));
    const source = weighted(random, Sources);
    const createdAt = new Date(now.getTime() - (1 + random() * 720) * Day);
    const phone = random() < 0.8 ? `+44 20 7${String(100 + Math.floor(random() * 900))} ${String(1000 + i).slice(-4)}` : '';
    const by = source === 'sourced' || source === 'import' ? (recruiters.length ? pick(recruiters)._id : null) : null;
    const candidate: Doc = {
      _id: new Types.ObjectId(),
      customerId,
      firstName,
      lastName,
      email,
      phone,
      ...candidateMatchKeys({ firstName, lastName, phone, currentCompany }),
      location,
      currentTitle,
      currentCompany,
      experienceYears,
      skills,
      tags: someTags(random),
      source,
      consentAt: createdAt,
      consentSource: ConsentSources[source],
      jobIds: [],
      stageKinds: [],
      lastActivityAt: createdAt,
      createdBy: by,
      createdAt,
      updatedAt: createdAt,
    };
    candidates.push(candidate);
    activities.push({ customerId, candidateId: candidate._id, kind: 'created', at: createdAt, by, applicationId: null, jobId: null, summary: 'Added to the database', data: { source } });

    const rare = ResumeOnlyHolders[i];
    if (!rare && random() >= 0.85) continue;
    const started = now.getUTCFullYear() - 1 - Math.floor(random() * Math.min(6, experienceYears + 1));
    const earlier = Math.max(started - 2 - Math.floor(random() * 5), 1990);
    const graduated = earlier - 1;
    const lines = [
      `${firstName} ${lastName}`,
      `${currentTitle} | ${location}`,
      [email, phone].filter(Boolean).join(' | '),
      '',
      'Summary',
      `${currentTitle} with ${experienceYears} years of experience, currently at ${currentCompany}.`,
      '',
      'Experience',
      `${started} - today   ${currentTitle}, ${currentCompany}`,
      `${earlier} - ${started}   ${pick(family.titles)}, ${pick(Companies)}`,
      '',
      'Skills',
      skills.join(', '),
      ...(rare ? ['', 'Projects', ResumeOnlyWords[rare]] : []),
      '',
      'Education',
      `${graduated - 4} - ${graduated}   ${pick(Degrees)}, ${pick(Universities)}`,
    ];
    const docx = random() < 0.2;
    const filename = `${firstName}-${lastName}-resume.${docx ? 'docx' : 'pdf'}`;
    files.push({
      customerId,
      owner: { kind: 'candidate', id: candidate._id },
      buffer: docx ? await demoResumeDocx(lines) : demoResumePdf(lines),
      filename,
      contentType: docx ? DocxType : 'application/pdf',
      kind: 'resume',
      uploadedBy: by,
    });
    fileOf.push({ candidate, filename });
    Object.assign(candidate, { resumeText: lines.join('\n'), resumeTextState: 'extracted' });
  }

  const ids = await storeSmallFiles(files);
  fileOf.forEach(({ candidate, filename }, i) => Object.assign(candidate, { resumeFileId: ids[i], resumeFilename: filename }));
  await Candidate.insertMany(candidates, { timestamps: false });
  await CandidateActivity.insertMany(activities);
}
