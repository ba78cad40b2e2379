// Bulk seeding shared by the benches: raw batched inserts (no per-document validation, one password hash).
import { Types } from 'mongoose';
import { User, userSearchKeys, userSortName } from '../src/modules/users/user.model';
import { Job } from '../src/modules/jobs/job.model';
import { Application } from '../src/modules/candidates/applications/application.model';
import { BusinessUnit } from '../src/modules/org/business-unit.model';
import { Department } from '../src/modules/org/department.model';
import { Location } from '../src/modules/org/location.model';
import { DefaultStages } from '../src/modules/jobs/workflow-template.model';

const UserBatch = 5_000;
const JobBatch = 10_000;

const firstNames = ['Liam', 'Olivia', 'Noah', 'Amelia', 'Oliver', 'Sofia', 'Elijah', 'Mia', 'Lucas', 'Aria', 'Mateo', 'Chloe', 'Levi', 'Layla', 'Ezra', 'Nora'];
const lastNames = ['Nguyen', 'Garcia', 'Patel', 'Kim', 'Schmidt', 'Rossi', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Larsen', 'Tanaka', 'Dubois', 'Murphy'];

/** `count` users in one company (with 10 units, 20 departments, 8 locations), inserted raw in batches. */
export async function seedUsers(customerId: Types.ObjectId, count: number, passwordHash: string, tag: string) {
  const units = await BusinessUnit.insertMany(Array.from({ length: 10 }, (_, i) => ({ customerId, name: `Unit ${i}` })));
  const depts = await Department.insertMany(Array.from({ length: 20 }, (_, i) => ({ customerId, name: `Dept ${i}` })));
  const locs = await Location.insertMany(Array.from({ length: 8 }, (_, i) => ({ customerId, name: `City ${i}` })));
  const now = new Date();
  for (let start = 0; start < count; start += UserBatch) {
    const docs = [];
    for (let i = start; i < Math.min(count, start + UserBatch); i++) {
      const u = { firstName: `${firstNames[i % firstNames.length]}${i}`, lastName: lastNames[(i * 5) % lastNames.length]!, email: `u${i}.${tag}@bench.test`, eCode: `E${i}` };
      docs.push({
        ...u,
        customerId,
        searchKeys: userSearchKeys(u),
        sortName: userSortName(u),
        mobile: '',
        role: i % 4 === 0 ? 'recruiter' : 'employee',
        admin: i === 0,
        siteAdmin: false,
        superUser: false,
        superAdmin: false,
        status: i % 20 === 19 ? 'inactive' : 'active',
        addlRoles: i % 50 === 0 ? ['HM'] : [],
        rights: [],
        passwordHash,
        emailVerification: { keyHash: null, status: true },
        timezone: 'UTC',
        location: locs[i % locs.length]!._id,
        department: depts[i % depts.length]!._id,
        buItemId: units[i % units.length]!._id,
        bufollow: [],
        managers: [],
        authProviders: [],
        lastLoginAt: null,
        createdAt: now,
        updatedAt: now,
        __v: 0,
      });
    }
    await User.collection.insertMany(docs, { ordered: false });
  }
  return { unit: String(units[3]!._id) };
}

const Titles = ['Backend Engineer', 'Frontend Engineer', 'Data Analyst', 'Account Executive', 'Designer', 'Support Agent', 'Recruiter', 'Product Manager'];
const Statuses = ['open', 'open', 'open', 'on_hold', 'closed', 'filled', 'draft', 'pending_approval'] as const;

/** `jobs` jobs and `applications` applications in one company, with denormalised pipeline counts, inserted raw. */
export async function seedJobs(customerId: Types.ObjectId, jobs: number, applications: number, recruiterIds: Types.ObjectId[]) {
  const [depts, locs, units] = await Promise.all([
    Department.insertMany(Array.from({ length: 12 }, (_, i) => ({ customerId, name: `Job dept ${i}` }))),
    Location.insertMany(Array.from({ length: 8 }, (_, i) => ({ customerId, name: `Job city ${i}` }))),
    BusinessUnit.insertMany(Array.from({ length: 6 }, (_, i) => ({ customerId, name: `Job unit ${i}` }))),
  ]);
  const stages = DefaultStages.map((s) => ({ _id: new Types.ObjectId(), ...s }));
  const jobIds = Array.from({ length: jobs }, () => new Types.ObjectId());
  const counts = jobIds.map(() => new Array<number>(stages.length).fill(0));
  const now = Date.now();

  // Applications first (their stages decide the jobs' denormalised counts).
  for (let start = 0; start < applications; start += JobBatch) {
    const docs = [];
    for (let i = start; i < Math.min(applications, start + JobBatch); i++) {
      const j = (i * 7919) % jobs;
      const s = Math.min(stages.length - 1, Math.floor(((i * 2654435761) % 1000) / 1000 * stages.length));
      counts[j]![s]! += 1;
      const appliedAt = new Date(now - (i % 180) * 86_400_000);
      docs.push({
        customerId,
        candidateId: new Types.ObjectId(),
        jobId: jobIds[j],
        stageId: stages[s]!._id,
        stageKind: stages[s]!.kind,
        source: 'career_site',
        appliedAt,
        stageEnteredAt: appliedAt,
        atCreation: { businessUnitId: null, departmentId: null, recruiterIds: [], hiringManagerId: null },
        ownerId: null,
        answers: [],
        resumeFileId: null,
        resumeFilename: '',
        candidateName: `Candidate ${i}`,
        candidateEmail: `c${i}@bench.test`,
        rejectionReason: '',
        withdrawn: false,
        createdAt: appliedAt,
        updatedAt: appliedAt,
        __v: 0,
      });
    }
    await Application.collection.insertMany(docs, { ordered: false });
  }
  const docs = jobIds.map((_id, i) => {
    const recruiter = recruiterIds[i % recruiterIds.length]!;
    const title = `${Titles[i % Titles.length]} ${i}`;
    const createdAt = new Date(now - (i % 365) * 86_400_000);
    return {
      _id,
      customerId,
      title,
      titleLower: title.toLowerCase(),
      jobCodeId: null,
      departmentId: depts[i % depts.length]!._id,
      businessUnitId: units[i % units.length]!._id,
      locationId: locs[i % locs.length]!._id,
      headcount: 1 + (i % 3),
      employmentType: 'full_time',
      salaryBand: null,
      targetStartDate: null,
      hiringManagerId: null,
      recruiterIds: [recruiter],
      interviewerIds: [],
      followerIds: [],
      customFields: {},
      status: Statuses[i % Statuses.length],
      requisitionId: null,
      description: '<p>Bench job</p>',
      published: i % 2 === 0,
      stages,
      stageCounts: Object.fromEntries(stages.map((s, k) => [String(s._id), counts[i]![k]])),
      applicantCount: counts[i]!.reduce((a, b) => a + b, 0),
      memberIds: [recruiter],
      createdBy: recruiter,
      openedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
      __v: 0,
    };
  });
  for (let start = 0; start < docs.length; start += JobBatch) await Job.collection.insertMany(docs.slice(start, start + JobBatch), { ordered: false });
  return { dept: String(depts[2]!._id), loc: String(locs[2]!._id), unit: String(units[1]!._id), openJobId: String(jobIds[0]) };
}

