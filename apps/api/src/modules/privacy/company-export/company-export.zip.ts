import JSZip from 'jszip';
import type { Readable } from 'node:stream';
import mongoose, { Types } from 'mongoose';
import type { JobContext } from '../../../lib/job-queue';
import { exportJob, type ExportPayload } from '../../exports/exports.service';
import { Customer } from '../../org/customer.model';

/**
 * The whole company's data as one ZIP (issue 21, "company data export"): company.json, one
 * collections/<Model>.json per tenant-owned model, the company's stored files under files/, and a
 * README.txt saying what is inside and what was left out. Models are found generically (every
 * registered model whose schema has customerId), so a model added later is exported without a change here.
 */

/** Tenant-owned models left out entirely: secrets, or machinery that is not the company's data. */
export const LeftOutModels: Record<string, string> = {
  Session: 'sign-in sessions',
  OAuthFlow: 'OAuth sign-in and connection flows in progress',
  PrivacyLink: "candidates' privacy links (their tokens are credentials)",
  QueueJob: 'the background job queue',
  LiveEvent: 'live screen updates (a short-lived stream)',
};

/**
 * Fields left out of every document, at any depth: password and token hashes (passwordHash, keyHash,
 * tokenHash, linkTokenHash, ...), sealed integration tokens and webhook signing secrets (secret), and raw tokens.
 */
const SecretField = /(hash|secret|token)$/i;

/** What README.txt says is never in the export (the secret fields above, and what is not tenant-owned). */
const LeftOutNotes = [
  'Password, API key, link and token hashes (passwordHash, keyHash, tokenHash and the like) are removed from every document.',
  'Integration connections are exported without their sealed access tokens; webhooks without their signing secrets.',
  'Sign-in tokens, one-time codes (OTPs), captchas and rate-limit counters are not company data and are not included.',
  "Files of other users' exports (each is private to the user who asked for it) are not included.",
];

const BatchSize = 500;

/** Every registered model that holds a company's documents, by name, minus those left out. */
export function exportedModels() {
  return mongoose
    .modelNames()
    .filter((name) => name !== Customer.modelName && !(name in LeftOutModels))
    .map((name) => mongoose.model(name))
    .filter((model) => Boolean(model.schema.path('customerId')))
    .sort((a, b) => a.modelName.localeCompare(b.modelName));
}

/** A document as JSON-safe data: secret fields removed at any depth; ObjectIds and dates become strings (their toJSON). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Types.ObjectId || Buffer.isBuffer(value)) return value;
  if ((value as { _bsontype?: string })._bsontype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!SecretField.test(key)) out[key] = withoutSecrets(v);
  return out;
}

const json = (value: unknown) => JSON.stringify(withoutSecrets(value), null, 2);

/** One model's documents of the company as a JSON array, read with a cursor in batches. */
async function collectionJson(model: ReturnType<typeof exportedModels>[number], customerId: Types.ObjectId) {
  const parts: string[] = [];
  const cursor = model.find({ customerId }).lean().batchSize(BatchSize).cursor();
  for await (const doc of cursor) parts.push(json(doc));
  return { text: parts.length ? `[\n${parts.join(',\n')}\n]\n` : '[]\n', count: parts.length };
}

// Path separators and characters that archive tools refuse; control characters too (below a space).
const safeFileName = (name: string) =>
  Array.from(name, (ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .slice(0, 150) || 'file';

function bucket() {
  return new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'uploads' });
}

/** Adds the company's stored files as streams: jszip reads each only when it writes it, so no file is held whole. */
async function addFiles(zip: JSZip, customerId: Types.ObjectId) {
  const files = bucket().find({ 'metadata.customerId': customerId, 'metadata.owner.kind': { $ne: 'export' } }, { batchSize: BatchSize });
  let count = 0;
  for await (const file of files) {
    zip.file(`files/${String(file._id)}-${safeFileName(file.filename)}`, bucket().openDownloadStream(file._id), { binary: true });
    count++;
  }
  return count;
}

function readme({ companyName, at, counts, files }: { companyName: string; at: Date; counts: { name: string; count: number }[]; files: number }) {
  const width = Math.max(...counts.map((c) => c.name.length), 10);
  return [
    `Data export of ${companyName}`,
    `Made ${at.toISOString()}`,
    '',
    'company.json                 the company itself (settings, profile, plan)',
    'collections/<Name>.json      every document of that kind, as a JSON array (ids and dates as strings)',
    `files/<id>-<name>            every stored file (${files})`,
    '',
    'Collections and their documents:',
    ...counts.map((c) => `  ${c.name.padEnd(width)}  ${c.count}`),
    '',
    'Left out:',
    ...Object.entries(LeftOutModels).map(([name, why]) => `  ${name}: ${why}.`),
    ...LeftOutNotes.map((note) => `  ${note}`),
    '',
  ].join('\n');
}

export function companyExportFileName(at: Date) {
  return `company-export-${at.toISOString().slice(0, 10)}.zip`;
}

async function produceCompanyExport({ customerId }: ExportPayload, ctx: JobContext) {
  const company = new Types.ObjectId(customerId);
  const at = ctx.now();
  const zip = new JSZip();
  const customer = await Customer.findById(company).lean();
  if (!customer) throw new Error('The company no longer exists');
  zip.file('company.json', json(customer));

  const models = exportedModels();
  const counts: { name: string; count: number }[] = [];
  for (const [i, model] of models.entries()) {
    const { text, count } = await collectionJson(model, company);
    zip.file(`collections/${model.modelName}.json`, text);
    counts.push({ name: model.modelName, count });
    await ctx.progress(Math.round(5 + (85 * (i + 1)) / models.length), `Exported ${model.modelName} (${count})`);
  }
  await ctx.progress(92, 'Adding the files…');
  const files = await addFiles(zip, company);
  zip.file('README.txt', readme({ companyName: customer.name, at, counts, files }));
  const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } });
  return { stream: stream as unknown as Readable, fileName: companyExportFileName(at), contentType: 'application/zip' };
}

export const CompanyExportJob = exportJob<ExportPayload>('export.company', produceCompanyExport);
