import JSZip from 'jszip';
import { Types } from 'mongoose';
import { readStoredFile } from '../../files/files.service';
import { collectPersonalData, type Person } from '../personal-data';
import { distinctFiles } from './self-service.service';

/** A résumé is at most a few MB; anything larger than this is listed as unavailable rather than held in memory. */
const MaxFileBytes = 64 * 1024 * 1024;

/** Keys that are the system's own secrets or lookup keys, not the person's data (token hashes, dedupe keys). */
const internalKey = /(hash|token|secret|password)|Key$|^__v$/i;

/** Documents as plain JSON: ObjectIds and dates as strings, binary data and internal keys left out. */
export function plainJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Types.ObjectId) return value.toHexString();
  const bsonType = typeof value === 'object' ? (value as { _bsontype?: string })._bsontype : undefined;
  if (Buffer.isBuffer(value) || bsonType === 'Binary') return undefined;
  // ObjectId, Decimal128, Long...: their string form.
  if (bsonType) return String(value);
  if (Array.isArray(value)) return value.map(plainJson).filter((v) => v !== undefined);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (internalKey.test(key)) continue;
      const plain = plainJson(v);
      if (plain !== undefined) out[key] = plain;
    }
    return out;
  }
  return value;
}

const partDescriptions: Record<string, string> = {
  profile: 'your profile: name, contact details, skills, where your details came from and your consent',
  applications: 'each job you applied or were added to, with your answers to its questions',
  stageHistory: 'each step of each application (moved to a stage, rejected, hired) with its date',
  timeline: 'what happened on your profile: applications, mails sent to you (with their subjects), files added',
  mails: 'the mails sent to you',
  notes: "the recruiters' notes about you",
  onboarding: 'the documents you sent before your first day',
  agencySubmissions: 'the agencies that put you forward, and when',
  surveys: 'your answers to our candidate survey',
  interviews: 'your interviews',
  feedback: 'the feedback written after your interviews',
  offers: 'the offers made to you',
  referrals: 'who referred you',
  consent: 'your consent and its history',
};

/** One folder or file name safe in a ZIP (no separators, no control characters, no leading dots). */
const safeSegment = (segment: string) =>
  [...segment].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('').replace(/[\\/:*?"<>|]/g, '_').replace(/^\.+/, '').trim().slice(0, 150);

/** A path safe in a ZIP ("resumes/cv.pdf": the kind's folder kept, nothing climbs out), unique among the others. */
function zipName(filename: string, taken: Set<string>) {
  const base = filename.split('/').map(safeSegment).filter(Boolean).join('/') || 'file';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${n}-${base}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Everything the company holds about one person as a ZIP: data.json (every part of collectPersonalData),
 * files/<name> for each stored file, and README.txt saying what each part is. A file that cannot be read is
 * listed in the README as unavailable, never an error.
 */
export async function buildDataZip(person: Person, { companyName, now }: { companyName: string; now: Date }): Promise<JSZip> {
  const data = await collectPersonalData(person);
  const zip = new JSZip();
  const parts = Object.fromEntries(Object.entries(data.parts).map(([name, docs]) => [name, plainJson(docs)]));
  zip.file('data.json', JSON.stringify({ company: companyName, exportedAt: now.toISOString(), parts }, null, 2));

  const taken = new Set<string>();
  const included: string[] = [];
  const unavailable: string[] = [];
  for (const file of distinctFiles(data.files)) {
    const stored = await readStoredFile(person.customerId, file.fileId, { maxBytes: MaxFileBytes }).catch(() => null);
    if (!stored) {
      unavailable.push(file.filename || 'file');
      continue;
    }
    const name = zipName(file.filename || stored.filename, taken);
    zip.file(`files/${name}`, stored.buffer, { binary: true });
    included.push(name);
  }

  const lines = [
    `Your data at ${companyName}, exported on ${now.toISOString().slice(0, 10)}.`,
    '',
    'data.json holds these parts (dates in UTC, ISO 8601):',
    ...Object.entries(data.parts).map(([name, docs]) => `- ${name} (${docs.length}): ${partDescriptions[name] ?? 'more records the company holds about you'}`),
    '',
    included.length ? 'files/ holds your files:' : unavailable.length ? 'No file could be included.' : 'There are no files.',
    ...included.map((n) => `- files/${n}`),
    ...(unavailable.length ? ['', 'These files could not be read and are not included (ask the company for them):', ...unavailable.map((n) => `- ${n} (unavailable)`)] : []),
    '',
  ];
  zip.file('README.txt', lines.join('\n'));
  return zip;
}
