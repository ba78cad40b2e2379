// The board at scale: one job with 5,000 applications in a company with 500,000 (SPEC /workflow, issue 14).
// Run from apps/api: `npx tsx bench/workflow-board.bench.ts`; BENCH_BOARD_APPLICATIONS (company total),
// BENCH_BOARD_JOB (the board job's applications), BENCH_JOBS and BENCH_SAMPLES make a quick run smaller.
// Prints figures, asserts nothing; bounded by MaxSeconds. Seeding uses raw bulk inserts.
import { createServer } from 'node:http';
import { Types } from 'mongoose';
import { DefaultStages } from '../src/modules/jobs/workflow-template.model';
import { Job } from '../src/modules/jobs/job.model';
import { Application } from '../src/modules/candidates/applications/application.model';
import { Candidate } from '../src/modules/candidates/candidate.model';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { close, fmt, listen } from './lib';
import { seedJobs } from './seed-data';

const CompanyApplications = Number(process.env.BENCH_BOARD_APPLICATIONS ?? 500_000);
const BoardJobApplications = Number(process.env.BENCH_BOARD_JOB ?? 5_000);
const JobCount = Number(process.env.BENCH_JOBS ?? 5_000);
const Samples = Number(process.env.BENCH_SAMPLES ?? 30);
const MaxSeconds = 30 * 60;
const Batch = 5_000;

const startedAt = Date.now();
const watchdog = setTimeout(() => {
  console.error(`workflow-board.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const Sources = ['career_site', 'referral', 'sourced', 'agency', 'import'] as const;
const Tags = ['python', 'remote', 'senior', 'visa', 'shortlist'];

/** The board job: its applications spread over the stages like a busy job (most early), with candidates, tags and owners. */
async function seedBoardJob(customerId: Types.ObjectId, memberIds: Types.ObjectId[], count: number) {
  const stages = DefaultStages.map((s) => ({ _id: new Types.ObjectId(), ...s }));
  const weights = stages.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const jobId = new Types.ObjectId();
  const counts = new Array<number>(stages.length).fill(0);
  const now = Date.now();
  for (let start = 0; start < count; start += Batch) {
    const candidates = [];
    const applications = [];
    for (let i = start; i < Math.min(count, start + Batch); i++) {
      let r = ((i * 2654435761) % 1000) / 1000 * total;
      let s = 0;
      while (s < stages.length - 1 && r > weights[s]!) r -= weights[s++]!;
      counts[s]! += 1;
      const candidateId = new Types.ObjectId();
      const appliedAt = new Date(now - (i % 90) * 86_400_000);
      const stageEnteredAt = new Date(appliedAt.getTime() + (i % 7) * 3_600_000);
      candidates.push({ _id: candidateId, customerId, firstName: `Board${i}`, lastName: 'Applicant', email: `board${i}@bench.test`, currentTitle: 'Engineer', tags: [Tags[i % Tags.length]!], jobIds: [jobId], mergedIntoId: null, createdAt: appliedAt, updatedAt: appliedAt, __v: 0 });
      applications.push({
        customerId, candidateId, jobId, stageId: stages[s]!._id, stageKind: stages[s]!.kind, source: Sources[i % Sources.length], appliedAt, stageEnteredAt,
        atCreation: { businessUnitId: null, departmentId: null, recruiterIds: [], hiringManagerId: null }, ownerId: memberIds[i % memberIds.length], answers: [],
        resumeFileId: null, resumeFilename: '', candidateName: `Board${i} Applicant`, candidateEmail: `board${i}@bench.test`, rejectionReason: '', withdrawn: false, onHold: false,
        createdAt: appliedAt, updatedAt: appliedAt, __v: 0,
      });
    }
    await Candidate.collection.insertMany(candidates, { ordered: false });
    await Application.collection.insertMany(applications, { ordered: false });
  }
  await Job.collection.insertOne({
    _id: jobId, customerId, title: 'Busy Board Engineer', titleLower: 'busy board engineer', status: 'open', headcount: 5, employmentType: 'full_time',
    recruiterIds: [memberIds[0]!], hiringManagerId: null, interviewerIds: [], followerIds: [], customFields: {}, description: '', published: true,
    stages, stageCounts: Object.fromEntries(stages.map((s, k) => [String(s._id), counts[k]])), applicantCount: count, memberIds, createdBy: memberIds[0],
    openedAt: new Date(now), createdAt: new Date(now), updatedAt: new Date(now), __v: 0,
  });
  return { jobId: String(jobId), stages, counts };
}

async function timeCalls(url: string, token: string, path: string) {
  const times: number[] = [];
  let last: unknown = null;
  for (let i = 0; i < Samples; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    last = await res.json();
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(last)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  const company = await buildCustomer({ name: 'Board' });
  const recruiters = await Promise.all(Array.from({ length: 5 }, () => buildUser({ customerId: company._id, role: 'recruiter' })));
  const seedStarted = performance.now();
  const board = await seedBoardJob(company._id, recruiters.map((r) => r._id), BoardJobApplications);
  await seedJobs(company._id, JobCount, Math.max(0, CompanyApplications - BoardJobApplications), recruiters.map((r) => r._id));
  const seedMs = performance.now() - seedStarted;
  console.log(`seed: ${fmt(CompanyApplications)} applications in the company (${fmt(JobCount + 1)} jobs), ${fmt(BoardJobApplications)} on the board's job, in ${fmt(seedMs / 1000, 1)} s`);
  console.log(`board job's columns: ${board.stages.map((s, k) => `${s.name} ${fmt(board.counts[k]!)}`).join(', ')}`);

  const token = await tokenFor(ctx.config, recruiters[0]!);
  const server = createServer(ctx.app);
  const url = await listen(server);
  const biggest = board.stages[board.counts.indexOf(Math.max(...board.counts))]!;
  const first = await fetch(`${url}/api/workflow?jobId=${board.jobId}`, { headers: { authorization: `Bearer ${token}` } });
  const firstBody = (await first.json()) as { stages: { id: string; cards: unknown[]; nextCursor: string | null }[] };
  const deepCursor = firstBody.stages.find((s) => s.id === String(biggest._id))!.nextCursor!;

  const cases: [string, string][] = [
    ['board, no filter', `/api/workflow?jobId=${board.jobId}`],
    ['board, remembered job (no jobId)', '/api/workflow'],
    ['board, source=referral', `/api/workflow?jobId=${board.jobId}&source=referral`],
    ['board, tag=python', `/api/workflow?jobId=${board.jobId}&tag=python`],
    ['board, owner', `/api/workflow?jobId=${board.jobId}&ownerId=${recruiters[1]!._id}`],
    ['board, 7 to 30 days in stage', `/api/workflow?jobId=${board.jobId}&minDays=7&maxDays=30`],
    [`column ${biggest.name}, page 2`, `/api/workflow/stage?jobId=${board.jobId}&stageId=${biggest._id}&cursor=${deepCursor}`],
  ];
  console.log(`\nGET /api/workflow (${board.stages.length} columns, 30 cards each, picker of open jobs), ${Samples} sequential calls each:`);
  for (const [label, path] of cases) {
    const r = await timeCalls(url, token, path);
    const body = r.last as { stages?: { cards: unknown[] }[]; cards?: unknown[]; jobs?: unknown[] };
    const cards = body.stages ? body.stages.reduce((n, s) => n + s.cards.length, 0) : (body.cards?.length ?? 0);
    console.log(`  ${label.padEnd(34)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   cards ${cards}${body.jobs ? `, picker ${body.jobs.length} jobs` : ''}`);
  }
  console.log(`goal: p95 < 100 ms for the unfiltered board. total bench time ${fmt((Date.now() - startedAt) / 1000)} s`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}
