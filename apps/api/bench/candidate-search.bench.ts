// The candidate database search (GET /api/candidates, issue 13) at scale: BENCH_CANDIDATES candidates
// (default 1,000,000) in one company, each with a 40-80 word résumé over a skewed vocabulary with a long tail,
// skills, tags, location, jobs and stages; plus a small second company. Through HTTP, sequential calls.
// Run from apps/api: `BENCH_CANDIDATES=100000 npx tsx bench/candidate-search.bench.ts` for a quicker run.
// Prints figures, asserts nothing; bounded by MaxSeconds. Seeding uses raw bulk inserts.
import { createServer } from 'node:http';
import { Types } from 'mongoose';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { Candidate } from '../src/modules/candidates/candidate.model';
import { Job } from '../src/modules/jobs/job.model';
import { close, fmt, listen } from './lib';

const CandidateCount = Number(process.env.BENCH_CANDIDATES ?? 1_000_000);
const Samples = Number(process.env.BENCH_SAMPLES ?? 30);
const Batch = 5_000;
const MaxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 60 * 60);

const startedAt = Date.now();
const watchdog = setTimeout(() => {
  console.error(`candidate-search.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

// A deterministic generator, so runs compare (32-bit integer arithmetic: a float product would lose its low bits).
let seed = 42;
const rand = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 0x1_0000_0000;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
// Skewed: low indexes far more often (a Zipf-like draw).
const pickSkewed = <T>(list: readonly T[]) => list[Math.floor(Math.pow(rand(), 2.5) * list.length)]!;

const skills = ['TypeScript', 'React', 'Kubernetes', 'Python', 'Java', 'Go', 'Rust', 'SQL', 'Terraform', 'AWS', 'Azure', 'Figma', 'Excel', 'Salesforce', 'SAP', 'Kotlin', 'Swift', 'GraphQL', 'Spark', 'Tableau', 'Docker', 'Linux', 'Scala', 'Ruby', 'PHP', 'Angular', 'Vue', 'Django', 'Flutter', 'Hadoop'];
const titles = ['Engineer', 'Developer', 'Designer', 'Analyst', 'Manager', 'Consultant', 'Architect', 'Scientist', 'Accountant', 'Recruiter', 'Nurse', 'Technician', 'Specialist', 'Coordinator', 'Administrator'];
const seniority = ['Junior', 'Senior', 'Lead', 'Principal', 'Staff', ''];
const cities = ['Berlin', 'Munich', 'Hamburg', 'London', 'Paris', 'Madrid', 'Lisbon', 'Vienna', 'Zurich', 'Amsterdam', 'Dublin', 'Warsaw', 'Prague', 'Stockholm', 'Oslo', 'Copenhagen', 'Milan', 'Rome', 'Brussels', 'Remote'];
const tags = ['senior', 'relocate', 'remote', 'silver-medallist', 'referral-bonus', 'visa', 'part-time', 'alumni', 'diversity', 'hot'];
const sources = ['career_site', 'referral', 'agency', 'sourced', 'import'] as const;
const stageKinds = ['screening', 'interview', 'offer', 'hired', 'rejected'] as const;
const firstNames = ['Liam', 'Olivia', 'Noah', 'Amelia', 'Oliver', 'Sofia', 'Elijah', 'Mia', 'Lucas', 'Aria', 'Mateo', 'Chloe', 'Levi', 'Layla', 'Ezra', 'Nora', 'Jonas', 'Lena', 'Otto', 'Maria'];
const lastNames = ['Nguyen', 'Garcia', 'Patel', 'Kim', 'Schmidt', 'Rossi', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Larsen', 'Tanaka', 'Dubois', 'Murphy', 'Weber', 'Vogel'];
const common = (
  'experience team project projects built building delivered led managed design designed developed systems platform customers product ' +
  'data services cloud migration performance testing quality agile scrum stakeholders reporting analysis automation pipeline pipelines ' +
  'infrastructure security compliance budget growth revenue sales marketing operations support training mentoring hiring strategy research ' +
  'university degree bachelor master certified languages english german french spanish fluent communication leadership ownership'
).split(' ');
const syllables = ['ka', 'lo', 'mi', 'ne', 'ra', 'so', 'tu', 'vi', 'xe', 'zo', 'pre', 'dra', 'qui', 'fen', 'gor', 'hal', 'bri', 'cos', 'dun', 'elt'];
// The long tail: 5,000 rarer words (product names, employers, jargon).
const tail = Array.from({ length: 5_000 }, (_, i) => `${syllables[i % 20]}${syllables[Math.floor(i / 20) % 20]}${syllables[Math.floor(i / 400) % 20]}`);

function resume(title: string, ownSkills: string[]) {
  const n = 40 + Math.floor(rand() * 41);
  const words: string[] = [title.toLowerCase()];
  for (let i = 0; i < n; i++) {
    const r = rand();
    words.push(r < 0.6 ? pickSkewed(common) : r < 0.75 ? pick(ownSkills.length ? ownSkills : skills) : r < 0.8 ? pick(skills) : pickSkewed(tail));
  }
  return words.join(' ');
}

const Day = 24 * 3600_000;

async function seedCandidates(customerId: Types.ObjectId, count: number, jobIds: Types.ObjectId[]) {
  const now = Date.now();
  for (let start = 0; start < count; start += Batch) {
    const docs = [];
    for (let i = start; i < Math.min(count, start + Batch); i++) {
      const own = Array.from({ length: 2 + Math.floor(rand() * 5) }, () => pickSkewed(skills));
      const title = `${pick(seniority)} ${pickSkewed(titles)}`.trim();
      const jobs = rand() < 0.3 ? [pick(jobIds)] : [];
      const firstName = `${pick(firstNames)}`;
      const lastName = `${pick(lastNames)}${i}`;
      docs.push({
        customerId,
        firstName,
        lastName,
        email: `c${i}@bench.test`,
        phone: '',
        phoneKey: '',
        nameKey: `${firstName} ${lastName}`.toLowerCase(),
        location: pickSkewed(cities),
        currentTitle: title,
        currentCompany: `${pickSkewed(tail)} ${pick(['GmbH', 'Ltd', 'Inc', 'SA'])}`,
        experienceYears: rand() < 0.1 ? null : Math.floor(rand() * 30),
        skills: [...new Set(own)],
        tags: rand() < 0.3 ? [pick(tags)] : [],
        source: pick(sources),
        resumeFileId: null,
        resumeFilename: '',
        resumeText: resume(title, own),
        resumeTextState: 'extracted',
        notesText: rand() < 0.1 ? `${pickSkewed(common)} ${pickSkewed(tail)} call back` : '',
        consentAt: rand() < 0.5 ? new Date(now - rand() * 700 * Day) : null,
        consentSource: '',
        jobIds: jobs,
        stageKinds: jobs.length ? [pick(stageKinds)] : [],
        lastActivityAt: new Date(now - rand() * 730 * Day),
        unsubscribedAt: null,
        mergedIntoId: null,
        createdBy: null,
        createdAt: new Date(now - (count - i) * 60_000),
        updatedAt: new Date(now),
      });
    }
    await Candidate.collection.insertMany(docs, { ordered: false });
    if ((start / Batch) % 20 === 19) console.log(`  seeded ${fmt(start + Batch)} (${fmt((Date.now() - startedAt) / 1000)} s)`);
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type SearchAnswer = { items: unknown[]; total: number; facetsApproximate: boolean };

async function timeCalls(url: string, token: string, queries: () => string) {
  const times: number[] = [];
  let totals = 0;
  let approximate = 0;
  for (let i = 0; i < Samples; i++) {
    const query = queries();
    const t0 = performance.now();
    const res = await fetch(`${url}/api/candidates?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const json = (await res.json()) as SearchAnswer;
    if (!res.ok) throw new Error(`GET /api/candidates?${query} answered ${res.status}: ${JSON.stringify(json)}`);
    times.push(performance.now() - t0);
    totals += json.total;
    if (json.facetsApproximate) approximate += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]!, meanTotal: totals / Samples, approximate };
}

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
try {
  const [big, small] = await Promise.all([buildCustomer({ name: 'Big' }), buildCustomer({ name: 'Small' })]);
  const recruiter = await buildUser({ customerId: big._id, role: 'recruiter' });
  const jobs = await Job.insertMany(Array.from({ length: 50 }, (_, i) => ({ customerId: big._id, title: `Job ${i}`, headcount: 1, status: 'open' })));
  // Bulk load, then build the indexes (as a restore or an import would): much faster than indexing on insert.
  await Candidate.collection.dropIndexes();
  const seedStarted = performance.now();
  await seedCandidates(big._id, CandidateCount, jobs.map((j) => j._id));
  await seedCandidates(small._id, 2_000, [new Types.ObjectId()]);
  const seedMs = performance.now() - seedStarted;
  console.log(`seed: ${fmt(CandidateCount)} candidates inserted in ${fmt(seedMs / 1000, 1)} s (${fmt(CandidateCount / (seedMs / 1000))} /s)`);
  const indexStarted = performance.now();
  await Candidate.syncIndexes();
  console.log(`indexes (text index + filter and sort indexes) built in ${fmt((performance.now() - indexStarted) / 1000, 1)} s`);
  console.log(`memory: rss ${fmt(process.memoryUsage().rss / 2 ** 20)} MB, heap ${fmt(process.memoryUsage().heapUsed / 2 ** 20)} MB`);

  const token = await tokenFor(ctx.config, recruiter);
  const server = createServer(ctx.app);
  const url = await listen(server);
  const enc = encodeURIComponent;

  const cases: [string, () => string][] = [
    ['two words + location + facets', () => `q=${enc(`${pick(skills)} ${pick(titles)}`)}&location=${enc(pick(cities.slice(0, 8)))}`],
    ['two rarer words + skill + facets', () => `q=${enc(`${pick(tail)} ${pick(tail)}`)}&skills=${enc(pick(skills))}`],
    ['one word, no filter + facets', () => `q=${enc(pick(tail))}`],
    ['filters only: location', () => `location=${enc(pick(cities))}`],
    ['filters only: skill + source', () => `skills=${enc(pick(skills))}&source=${pick(sources)}`],
    ['filters only: none (whole database)', () => ''],
    ['filters only: last activity sort', () => `sort=last_activity&location=${enc(pick(cities))}`],
    ['deepest page (400), no words', () => 'page=400'],
    ['deepest page (400), location', () => `page=400&location=${enc(pick(cities.slice(0, 3)))}`],
    ['deepest page (400), two words', () => `page=400&q=${enc(`${pick(skills)} ${pick(titles)}`)}`],
  ];
  console.log(`\nGET /api/candidates (25 per page, facets included), ${Samples} sequential calls each, ${fmt(CandidateCount)} candidates:`);
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
  for (const [label, query] of cases.filter(([label]) => !only || only.test(label))) {
    const r = await timeCalls(url, token, query);
    console.log(
      `  ${label.padEnd(36)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   max ${fmt(r.max, 1).padStart(7)} ms   mean total ${fmt(r.meanTotal).padStart(9)}   facets approximate ${r.approximate}/${Samples}`,
    );
  }
  console.log(`total bench time ${fmt((Date.now() - startedAt) / 1000)} s`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}
