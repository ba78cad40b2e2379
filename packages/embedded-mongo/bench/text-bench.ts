// Text search figures: builds a text index over N candidate-like documents (names, title, skills, a
// paragraph of résumé text) and times two-term searches with a filter, a textScore sort and limit 50.
// BENCH_DOCS=100000 by default; in memory, driver and server in one process; documents are loaded straight
// into the engine unless BENCH_INSERT=driver. No assertions.
import { MongoClient } from 'mongodb';
import { queryDocs } from '../src/commands/read-commands.js';
import { startEmbeddedMongo } from '../src/index.js';
import { engineOf } from '../src/server-registry.js';
import { WriteContext } from '../src/write-context.js';

const N = Number(process.env.BENCH_DOCS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const BATCH = 5_000;

// Deterministic pseudo-random numbers (mulberry32), so every run indexes the same text.
let seed = 12345;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
// Skewed pick: low indexes are common, high ones rare (roughly Zipf-like word frequencies).
const pickSkewed = <T>(xs: readonly T[]) => xs[Math.floor(Math.pow(rnd(), 2.5) * xs.length)];

const FIRST = ['Ann', 'Ben', 'Chloé', 'David', 'Elena', 'Farid', 'Grace', 'Hiro', 'Inès', 'Jonas', 'Kemal', 'Lena', 'Marco', 'Nora', 'Omar', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Victor', 'Wei', 'Yara', 'Zoé'];
const LAST = ['Anderson', 'Berger', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Huber', 'Ivanova', 'Jansen', 'Kowalski', 'López', 'Müller', 'Nowak', 'Olsen', 'Petit', 'Rossi', 'Schmidt', 'Tanaka', 'Weber'];
const LEVELS = ['Junior', 'Senior', 'Lead', 'Principal', 'Staff', ''];
const ROLES = ['Software Engineer', 'Backend Developer', 'Frontend Developer', 'Data Scientist', 'Product Manager', 'DevOps Engineer', 'QA Engineer', 'UX Designer', 'Sales Manager', 'Account Executive', 'Recruiter', 'Financial Analyst', 'Mobile Developer', 'Security Engineer', 'Support Specialist'];
const SKILLS = ['TypeScript', 'JavaScript', 'React', 'Node.js', 'Python', 'Django', 'Java', 'Spring', 'Kotlin', 'Swift', 'Go', 'Rust', 'C++', 'SQL', 'PostgreSQL', 'MongoDB', 'Redis', 'Kafka', 'AWS', 'Azure', 'GCP', 'Docker', 'Kubernetes', 'Terraform', 'GraphQL', 'REST', 'Figma', 'Salesforce', 'Excel', 'Tableau', 'Spark', 'Airflow', 'Pandas', 'PyTorch', 'TensorFlow', 'Scrum', 'Jira', 'Linux', 'Bash', 'Vue', 'Angular', 'Svelte', 'Elixir', 'Scala', 'Ruby', 'Rails', 'PHP', 'Laravel', 'Flutter', 'Negotiation'];
const STATUSES = ['active', 'active', 'active', 'archived', 'hired'];
const COMMON = 'experienced team building scalable systems customers product delivery ownership worked years company startup enterprise platform services growth designed implemented migrated improved reduced latency costs mentored engineers collaborated stakeholders led projects cloud data pipelines analytics reporting automation testing quality release performance reliability security compliance international remote agile roadmap strategy revenue clients onboarding support hiring culture communication problem solving'.split(' ');
// Rare words: a long tail of made-up vocabulary, like names of tools, employers and places.
const RARE = Array.from({ length: 5_000 }, (_, i) => `vox${i.toString(36)}${'aeiou'[i % 5]}n`);

function candidate(i: number) {
  const skills = Array.from({ length: 3 + Math.floor(rnd() * 5) }, () => pickSkewed(SKILLS));
  const words: string[] = [];
  const len = 40 + Math.floor(rnd() * 40);
  for (let j = 0; j < len; j++) words.push(rnd() < 0.75 ? pickSkewed(COMMON) : rnd() < 0.5 ? pick(SKILLS) : pick(RARE));
  const title = `${pick(LEVELS)} ${pickSkewed(ROLES)}`.trim();
  return {
    _id: i,
    firstName: pick(FIRST),
    lastName: pick(LAST),
    title,
    skills,
    summary: words.join(' ') + '.',
    status: pick(STATUSES),
    yearsExperience: Math.floor(rnd() * 20),
    tenantId: i % 10,
  };
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const server = await startEmbeddedMongo();
const client = await MongoClient.connect(server.uri);
const coll = client.db('bench').collection<ReturnType<typeof candidate>>('candidates');

let t = performance.now();
if (process.env.BENCH_INSERT === 'driver') {
  for (let i = 0; i < N; i += BATCH) await coll.insertMany(Array.from({ length: Math.min(BATCH, N - i) }, (_, j) => candidate(i + j)), { ordered: false });
} else {
  // Loading is not what is measured: by default documents go straight into the engine (no wire round trips).
  const { coll: target } = engineOf(server)!.ensureColl('bench', 'candidates');
  const ctx = new WriteContext();
  for (let i = 0; i < N; i++) {
    target.insert(ctx, candidate(i));
    if (i % 10_000 === 0) ctx.changes.length = 0;
  }
  ctx.changes.length = 0;
}
console.log(`documents: ${fmt(N)} inserted in ${fmt((performance.now() - t) / 1000, 1)} s (${process.env.BENCH_INSERT === 'driver' ? 'through the driver' : 'directly into the engine'})`);

gc();
const memBefore = process.memoryUsage();
t = performance.now();
await coll.createIndex({ firstName: 'text', lastName: 'text', title: 'text', skills: 'text', summary: 'text' }, { weights: { title: 5, skills: 3, firstName: 2, lastName: 2 }, name: 'candidate_text' });
const buildSecs = (performance.now() - t) / 1000;
gc();
const memAfter = process.memoryUsage();
const engineColl = engineOf(server)!.getColl('bench', 'candidates')!;
const tix = engineColl.getIndex('candidate_text')!.text!;
console.log(`text index build: ${fmt(buildSecs, 1)} s (${fmt(N / buildSecs)} docs/s)`);
console.log(`process memory after the build: rss ${fmt(memAfter.rss / 1e9, 1)} GB, heap ${fmt(memAfter.heapUsed / 1e9, 1)} GB, typed arrays ${fmt(memAfter.arrayBuffers / 1e9, 1)} GB`);
const grew = (k: 'heapUsed' | 'arrayBuffers') => fmt((memAfter[k] - memBefore[k]) / 1e6, 0);
console.log(`text index size: ${fmt(tix.byteSize() / 1e6, 0)} MB counted (postings, ids); measured growth: ${grew('arrayBuffers')} MB of typed arrays + ${grew('heapUsed')} MB of heap${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for exact figures)'}`);

// Two-term searches: one skill and one title or summary word, filtered, sorted by score, limit 50.
const queries = Array.from({ length: QUERIES }, () => `${pick(SKILLS)} ${pick(['engineer', 'developer', 'manager', 'analytics', 'cloud', 'security', 'mentored', pick(RARE)])}`);
const filter = (i: number) => ({ status: 'active', yearsExperience: { $gte: 3 + (i % 5) } });
const timings: number[] = [];
let returned = 0;
for (let i = 0; i < queries.length; i++) {
  const s = performance.now();
  const docs = await coll
    .find({ $text: { $search: queries[i] }, ...filter(i) }, { projection: { firstName: 1, lastName: 1, title: 1, score: { $meta: 'textScore' } } })
    .sort({ score: { $meta: 'textScore' } })
    .limit(50)
    .toArray();
  timings.push(performance.now() - s);
  returned += docs.length;
}
console.log(`search through the driver (${QUERIES} two-term queries + filter + textScore sort, limit 50): p50 ${fmt(pct(timings, 50), 1)} ms, p95 ${fmt(pct(timings, 95), 1)} ms, max ${fmt(Math.max(...timings), 1)} ms, ${fmt(returned / QUERIES, 1)} results/query`);

const engineTimings: number[] = [];
for (let i = 0; i < queries.length; i++) {
  const s = performance.now();
  const docs = [...queryDocs(engineColl, { filter: { $text: { $search: queries[i] }, ...filter(i) }, sort: { score: { $meta: 'textScore' } }, limit: 50 })];
  engineTimings.push(performance.now() - s);
  if (!docs) break;
}
console.log(`same searches in the engine (no driver): p50 ${fmt(pct(engineTimings, 50), 1)} ms, p95 ${fmt(pct(engineTimings, 95), 1)} ms`);

// Keeping the index current: inserts and updates with the text index in place.
const extra = 5_000;
t = performance.now();
for (let i = 0; i < extra; i += 1_000) await coll.insertMany(Array.from({ length: 1_000 }, (_, j) => candidate(N + i + j)));
console.log(`insertMany with the text index: ${fmt(extra / ((performance.now() - t) / 1000))} docs/s`);
t = performance.now();
for (let i = 0; i < 1_000; i++) await coll.updateOne({ _id: (i * 7919) % N }, { $set: { summary: `Rewrote ${pick(SKILLS)} services for ${pick(RARE)}.` } });
console.log(`updateOne changing the indexed summary: ${fmt(1_000 / ((performance.now() - t) / 1000))} ops/s`);

await client.close();
await server.stop();
