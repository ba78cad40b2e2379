// Durable backends. LMDB gives crash-safe atomic transactions; a write is acknowledged only after its
// transaction is committed and flushed to disk.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'bson';
import { open, type RootDatabase } from 'lmdb';
import { keyString } from './bson-compare.js';
import type { Doc } from './errors.js';
import type { IndexSpec } from './index-manager.js';

export interface StoredCollection {
  db: string;
  name: string;
  options: Doc;
  indexes: IndexSpec[];
}

/** A put (value present) or delete of one key; a batch commits atomically. */
export interface StorageOp {
  key: string;
  value?: Uint8Array;
}

export interface StorageBackend {
  readonly durable: boolean;
  loadCatalog(): StoredCollection[];
  loadDocs(ns: string): Iterable<Doc>;
  write(ops: StorageOp[]): Promise<void>;
  /** One stored value (change-log metadata). */
  get(key: string): Uint8Array | undefined;
  /** Stored values with keys in [start, end), in key order (the change log). */
  readRange(start: string, end: string): Iterable<{ key: string; value: Uint8Array }>;
  close(): Promise<void>;
}

export const catalogKey = (ns: string) => `c:${ns}`;
// '$' cannot occur in database or collection names, so it cleanly ends the namespace part of a key.
// (A NUL separator was used first; lmdb's key encoding mangles longer keys containing NUL.)
export const docKeyPrefix = (ns: string) => `d:${ns}$`;
const legacyPrefix = (ns: string) => `d:${ns}\u0000`;
// LMDB keys are limited to 1978 bytes; long _id keys are stored under a digest (the document holds the _id).
export const docKey = (ns: string, id: string) =>
  docKeyPrefix(ns) + (Buffer.byteLength(id) > 512 ? '#' + createHash('sha256').update(id).digest('hex') : id);

export function catalogValue(entry: StoredCollection): Uint8Array {
  return serialize({ db: entry.db, name: entry.name, options: entry.options, indexes: entry.indexes });
}

export class MemoryStorage implements StorageBackend {
  readonly durable = false;
  loadCatalog(): StoredCollection[] {
    return [];
  }
  loadDocs(): Iterable<Doc> {
    return [];
  }
  async write(): Promise<void> {}
  get(): Uint8Array | undefined {
    return undefined;
  }
  readRange(): Iterable<{ key: string; value: Uint8Array }> {
    return [];
  }
  async close(): Promise<void> {}
}

/** On-disk layout version, so later layouts can migrate or refuse older/newer directories. */
const FORMAT_KEY = 'm:format';
const FORMAT_VERSION = 2;

const openPaths = new Set<string>();

/**
 * Marks a directory as open in this thread on behalf of a server on another thread of this process (the
 * pid lock file cannot tell threads apart): an in-process server on it is refused until the release.
 */
export function reservePath(dir: string): () => void {
  const key = path.resolve(dir);
  if (openPaths.has(key)) throw new Error(`embedded-mongo: ${dir} is already open in this process`);
  openPaths.add(key);
  return () => openPaths.delete(key);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Each server caches the whole store in memory, so two servers on one directory would silently diverge.
 * A pid lock file refuses that; a lock left by a killed process is taken over.
 */
function acquireLock(dir: string): string {
  const key = path.resolve(dir);
  if (openPaths.has(key)) throw new Error(`embedded-mongo: ${dir} is already open in this process`);
  const lockFile = path.join(dir, 'embedded-mongo.lock');
  let holder = NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    // no lock file
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new Error(`embedded-mongo: ${dir} is in use by process ${holder}`);
  }
  writeFileSync(lockFile, String(process.pid));
  openPaths.add(key);
  return lockFile;
}

export class LmdbStorage implements StorageBackend {
  readonly durable = true;
  private readonly db: RootDatabase<Buffer, string>;
  private readonly lockFile: string;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.lockFile = acquireLock(dir);
    let db: RootDatabase<Buffer, string> | undefined;
    try {
      // noSubdir: lmdb would take a directory whose name has a dot (mktemp's tmp.XXXX) for a file name.
      db = open<Buffer, string>({ path: dir, noSubdir: false, encoding: 'binary', mapSize: 2 ** 34 });
      const format = Number(db.get(FORMAT_KEY)?.toString() ?? FORMAT_VERSION);
      if (format > FORMAT_VERSION) throw new Error(`embedded-mongo: ${dir} was written by a newer version (format ${format})`);
      db.putSync(FORMAT_KEY, Buffer.from(String(FORMAT_VERSION)));
    } catch (err) {
      void db?.close();
      this.releaseLock();
      throw err;
    }
    this.db = db;
  }

  private releaseLock(): void {
    openPaths.delete(path.resolve(this.dir));
    rmSync(this.lockFile, { force: true });
  }

  loadCatalog(): StoredCollection[] {
    const out: StoredCollection[] = [];
    for (const { value } of this.db.getRange({ start: 'c:', end: 'c;' })) out.push(deserialize(value) as StoredCollection);
    return out;
  }

  *loadDocs(ns: string): Iterable<Doc> {
    for (const { value } of this.db.getRange({ start: docKeyPrefix(ns), end: `d:${ns}%` })) yield deserialize(value) as Doc;
    // Rewrite documents stored under the legacy key layout.
    const legacy: [string, Doc][] = [];
    for (const { key, value } of this.db.getRange({ start: legacyPrefix(ns), end: `d:${ns}\u0001` })) legacy.push([key, deserialize(value) as Doc]);
    if (legacy.length) {
      this.db.transactionSync(() => {
        for (const [key, doc] of legacy) {
          this.db.putSync(docKey(ns, keyString(doc._id)), Buffer.from(serialize(doc)));
          this.db.removeSync(key);
        }
      });
      for (const [, doc] of legacy) yield doc;
    }
  }

  async write(ops: StorageOp[]): Promise<void> {
    if (!ops.length) return;
    await this.db.transaction(() => {
      for (const op of ops) {
        if (op.value) this.db.put(op.key, Buffer.from(op.value.buffer, op.value.byteOffset, op.value.byteLength));
        else this.db.remove(op.key);
      }
    });
    // With overlappingSync (the default on Linux/macOS) the transaction promise resolves once the commit is
    // visible; `flushed` resolves once it is synced to disk, which is when a write may be acknowledged.
    await this.db.flushed;
  }

  get(key: string): Uint8Array | undefined {
    return this.db.get(key);
  }

  *readRange(start: string, end: string): Iterable<{ key: string; value: Uint8Array }> {
    for (const { key, value } of this.db.getRange({ start, end })) yield { key, value };
  }

  async close(): Promise<void> {
    await this.db.flushed;
    await this.db.close();
    this.releaseLock();
  }
}
