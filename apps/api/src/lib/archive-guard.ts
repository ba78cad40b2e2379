import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import { AppError } from './app-error';

/**
 * One guard for every archive-based upload (.xlsx imports, .docx résumés, ...). A zip's central
 * directory declares each entry's uncompressed size; a "zip bomb" is a small file that declares (or,
 * lying, only holds) hundreds of megabytes. The guard refuses too many entries or too many declared
 * bytes before anything is inflated, refuses a layout a sequential reader would see differently from the
 * directory (hidden or overlapping entries), and then inflates each entry into nothing, stopping as soon
 * as it passes its declared size: what a parser inflates afterwards is bounded by the limits.
 */
export type ArchiveLimits = { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number };

export const DefaultArchiveLimits: ArchiveLimits = { maxEntries: 1000, maxEntryBytes: 64 * 1024 * 1024, maxTotalBytes: 128 * 1024 * 1024 };

export type ZipEntry = { name: string; method: number; flags: number; compressedSize: number; size: number; localOffset: number; dataStart: number; end: number };

export type ArchiveProblem = 'unreadable' | 'too_many_entries' | 'too_large';

export class ArchiveRefused extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    message: string,
  ) {
    super(message);
  }
}

const Sig = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 } as const;
const DescriptorSignature = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const unreadable = (why: string) => new ArchiveRefused('unreadable', `not a readable zip archive: ${why}`);

function findEndRecord(buf: Buffer): number {
  const last = buf.length - 22;
  for (let at = last; at >= Math.max(0, last - 0xffff); at--) {
    if (buf.readUInt32LE(at) === Sig.end && at + 22 + buf.readUInt16LE(at + 20) === buf.length) return at;
  }
  throw unreadable('no end of central directory');
}

function u64(buf: Buffer, at: number): number {
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable('size out of range');
  return Number(value);
}

/** Entry count, directory offset and size, from the end record (or its zip64 form). */
function readEnd(buf: Buffer) {
  const at = findEndRecord(buf);
  let count = buf.readUInt16LE(at + 10);
  let dirSize = buf.readUInt32LE(at + 12);
  let dirOffset = buf.readUInt32LE(at + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const locator = at - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== Sig.locator64) throw unreadable('zip64 locator missing');
    const record = u64(buf, locator + 8);
    if (record + 56 > buf.length || buf.readUInt32LE(record) !== Sig.end64) throw unreadable('zip64 end record missing');
    count = u64(buf, record + 32);
    dirSize = u64(buf, record + 40);
    dirOffset = u64(buf, record + 48);
  }
  if (dirOffset + dirSize > buf.length) throw unreadable('central directory outside the file');
  return { count, dirOffset, dirSize };
}

/** The zip64 extra field replaces, in this order, whichever of the three 32-bit fields are 0xFFFFFFFF. */
function applyZip64(buf: Buffer, extraStart: number, extraEnd: number, fields: { size: number; compressedSize: number; localOffset: number }) {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = buf.readUInt16LE(at);
    const length = buf.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (fields[key] !== 0xffffffff) continue;
        if (p + 8 > at + 4 + length) throw unreadable('zip64 field too short');
        fields[key] = u64(buf, p);
        p += 8;
      }
    }
    at += 4 + length;
  }
}

function refuseSize(limits: ArchiveLimits): ArchiveRefused {
  return new ArchiveRefused('too_large', `unpacks to more than ${limits.maxTotalBytes} bytes`);
}

/**
 * Reads the central directory and checks it against the limits, inflating nothing. Throws
 * ArchiveRefused; returns the entries in file order.
 */
export function readZipDirectory(buf: Buffer, limits: ArchiveLimits = DefaultArchiveLimits): ZipEntry[] {
  if (buf.length < 22) throw unreadable('too short');
  const { count, dirOffset, dirSize } = readEnd(buf);
  if (count > limits.maxEntries) throw new ArchiveRefused('too_many_entries', `holds ${count} entries, more than ${limits.maxEntries}`);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dirOffset + dirSize || buf.readUInt32LE(at) !== Sig.central) throw unreadable('broken central directory');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const fields = { compressedSize: buf.readUInt32LE(at + 20), size: buf.readUInt32LE(at + 24), localOffset: buf.readUInt32LE(at + 42) };
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    applyZip64(buf, at + 46 + nameLength, at + 46 + nameLength + extraLength, fields);
    at += 46 + nameLength + extraLength + commentLength;

    if (fields.size > limits.maxEntryBytes || (total += fields.size) > limits.maxTotalBytes) throw refuseSize(limits);
    if (flags & 0x1) throw unreadable('encrypted entry');
    if (method !== 0 && method !== 8) throw unreadable(`compression method ${method}`);
    if (method === 0 && fields.compressedSize !== fields.size) throw unreadable('stored entry with two sizes');
    const local = fields.localOffset;
    if (local + 30 > dirOffset || buf.readUInt32LE(local) !== Sig.local) throw unreadable(`no local header for ${name}`);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const end = dataStart + fields.compressedSize;
    if (end > dirOffset) throw unreadable(`${name} runs into the central directory`);
    // A streaming reader trusts the local header: it must say what the directory says. Without sizes there
    // (bit 3), it reads up to the first data-descriptor signature, which must then be where the data ends.
    if (flags & 0x8) {
      const descriptor = buf.indexOf(DescriptorSignature, dataStart);
      if (descriptor !== -1 && descriptor < end) throw unreadable(`${name} hides a data descriptor in its data`);
    } else {
      const localCompressed = buf.readUInt32LE(local + 18);
      const localSize = buf.readUInt32LE(local + 22);
      const agrees = (value: number, expected: number) => value === expected || value === 0xffffffff;
      if (!agrees(localCompressed, fields.compressedSize) || !agrees(localSize, fields.size)) throw unreadable(`${name} declares two sizes`);
    }
    entries.push({ name, method, flags, compressedSize: fields.compressedSize, size: fields.size, localOffset: local, dataStart, end });
  }
  entries.sort((a, b) => a.localOffset - b.localOffset);
  // A sequential reader (streaming parsers read local headers front to back) must meet exactly these
  // entries: no bytes before the first, none between two (bar a data descriptor), no overlap.
  let cursor = 0;
  for (const entry of entries) {
    const gap = entry.localOffset - cursor;
    if (gap < 0 || gap > 24 || (gap > 0 && cursor === 0)) throw unreadable('entries hidden between or overlapping others');
    cursor = entry.end;
  }
  if (dirOffset - cursor > 24) throw unreadable('data hidden before the central directory');
  return entries;
}

/** Inflates one entry into nothing, counting; false as soon as it passes its declared size. */
function inflatesWithin(buf: Buffer, entry: ZipEntry): Promise<boolean> {
  if (entry.method === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let produced = 0;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(ok);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.size) settle(false);
    });
    inflate.on('end', () => settle(true));
    // Damaged data: the parser after us will say the file cannot be read.
    inflate.on('error', () => settle(true));
    inflate.end(buf.subarray(entry.dataStart, entry.end));
  });
}

/**
 * The whole check: directory within the limits, then every entry inflated (and dropped) to prove it
 * holds no more than it declares. Resolves to the entries, or throws ArchiveRefused.
 */
export async function checkArchive(buf: Buffer, limits: ArchiveLimits = DefaultArchiveLimits): Promise<ZipEntry[]> {
  const entries = readZipDirectory(buf, limits);
  for (const entry of entries) {
    if (!(await inflatesWithin(buf, entry))) throw new ArchiveRefused('too_large', `${entry.name} unpacks to more than it declares`);
  }
  return entries;
}

/**
 * The archive's bytes for a sequential reader, with the entries that `first` picks moved to the front
 * (e.g. an xlsx's shared strings before its sheets, so a streaming parser needs no temporary files).
 * Only valid for entries from checkArchive (contiguous, nothing hidden).
 */
export function reorderedZipStream(buf: Buffer, entries: ZipEntry[], first: (name: string) => boolean): Readable {
  const spans = entries.map((entry, i) => ({ entry, start: entry.localOffset, stop: entries[i + 1]?.localOffset ?? entry.end }));
  const ordered = [...spans.filter((s) => first(s.entry.name)), ...spans.filter((s) => !first(s.entry.name))];
  const lastEnd = spans.length ? spans[spans.length - 1]!.stop : 0;
  return Readable.from([...ordered.map((s) => buf.subarray(s.start, s.stop)), buf.subarray(lastEnd)], { objectMode: false });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The refusal a person reads: 413 when the archive is too big once unpacked, 400 when it is not a
 * readable archive (the caller's own message, since it knows what the file should have been).
 */
export function archiveUploadError(error: ArchiveRefused, { what, limits, unreadableMessage }: { what: string; limits: ArchiveLimits; unreadableMessage: string }): AppError {
  if (error.problem === 'unreadable') return AppError.badRequest(unreadableMessage);
  const message =
    error.problem === 'too_many_entries'
      ? `${what} holds more than ${limits.maxEntries} parts, more than we accept. Save it again as a plain file, or split it into smaller files.`
      : `${what} unpacks to more than ${mb(limits.maxTotalBytes)} MB, more than we accept (it may be damaged or built to overload the server). Save it again without large pictures, or split it into smaller files.`;
  return new AppError('payload_too_large', { status: 413, message });
}
