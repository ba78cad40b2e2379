// Bulk résumé upload of 100 files (50 PDF, 50 DOCX, one page of ~40 lines each) through the real API and
// background queue: time to upload, time until every file's text is extracted (in the database, with
// suggestions), and time to save all 100 as candidates with their text (searchable from then on).
// Run from apps/api: `npx tsx bench/resume-batch.bench.ts`.
import { createServer } from 'node:http';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { resumeDocx, resumePdf } from '../src/modules/candidates/resumes/resume-fixtures';
import { Candidate } from '../src/modules/candidates/candidate.model';
import { close, listen } from './lib';

const ctx = await startTestApp();
const server = createServer(ctx.app);
const url = await listen(server);
const customer = await buildCustomer();
const auth = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: customer._id, role: 'recruiter' }))}`;

const words = ['TypeScript', 'Kubernetes', 'PostgreSQL', 'React', 'Python', 'Salesforce', 'Figma', 'Terraform', 'Go', 'Excel'];
const firsts = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken'];
const lasts = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton', 'Thompson'];
const lines = (i: number) => [
  `${firsts[i % 10]} ${lasts[Math.floor(i / 10)]}`,
  i % 2 ? 'Senior Backend Engineer' : 'Product Designer',
  `person${i}@bench.test`,
  `+49 30 555 ${String(1000 + i)}`,
  ...Array.from({ length: 36 }, (_, n) => `Worked with ${words[(i + n) % words.length]} and ${words[(i * 3 + n) % words.length]} on project ${n} (unique-${i}-${n})`),
];
const files = await Promise.all(
  Array.from({ length: 100 }, async (_, i) =>
    i % 2 ? { name: `r${i}.docx`, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: await resumeDocx(lines(i)) } : { name: `r${i}.pdf`, type: 'application/pdf', data: resumePdf(lines(i)) },
  ),
);
const form = new FormData();
for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
console.log(`100 files, ${(files.reduce((n, f) => n + f.data.length, 0) / 1024).toFixed(0)} KB in all; job concurrency ${ctx.config.jobConcurrency}`);

const started = performance.now();
const created = await fetch(`${url}/api/candidates/resume-batches`, { method: 'POST', headers: { Authorization: auth }, body: form });
const batch = (await created.json()) as { id: string; total: number };
const uploaded = performance.now();
type Batch = { done: number; files: { index: number; state: string; suggestions: Record<string, unknown> }[] };
let state: Batch;
for (;;) {
  state = (await (await fetch(`${url}/api/candidates/resume-batches/${batch.id}`, { headers: { Authorization: auth } })).json()) as Batch;
  if (state.done >= batch.total) break;
  await new Promise((r) => setTimeout(r, 50));
}
const extracted = performance.now();
const commit = await fetch(`${url}/api/candidates/resume-batches/${batch.id}/commit`, {
  method: 'POST',
  headers: { Authorization: auth, 'Content-Type': 'application/json' },
  body: JSON.stringify({ rows: state.files.map((f) => ({ index: f.index, fields: f.suggestions })) }),
});
const result = (await commit.json()) as { rows: { outcome: string; message: string }[] };
if (result.rows.some((r) => r.outcome !== "created")) console.log(`first problem: ${result.rows.find((r) => r.outcome !== "created")?.message}`);
const saved = performance.now();
const withText = await Candidate.countDocuments({ customerId: customer._id, resumeTextState: 'extracted', resumeText: /unique-/ });

console.log(`upload (store 100 files, queue 100 jobs)   ${(uploaded - started).toFixed(0).padStart(6)} ms   status ${created.status}`);
console.log(`until all 100 extracted (text in the DB)    ${(extracted - started).toFixed(0).padStart(6)} ms   states ${JSON.stringify(countBy(state.files.map((f) => f.state)))}`);
console.log(`save all 100 as candidates                  ${(saved - extracted).toFixed(0).padStart(6)} ms   outcomes ${JSON.stringify(countBy(result.rows.map((r) => r.outcome)))}`);
console.log(`upload -> 100 candidates with résumé text   ${(saved - started).toFixed(0).padStart(6)} ms   candidates with text: ${withText}`);

function countBy(values: string[]) {
  return values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
}
await close(server);
await ctx.stop();
