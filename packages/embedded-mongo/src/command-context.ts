// What every command handler receives, plus small argument helpers shared by the handlers.
import { Long } from 'bson';
import type { CursorManager } from './cursor-manager.js';
import type { Engine } from './engine.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import type { SessionManager, Transaction } from './transactions.js';
import { LockWait, type WriteContext } from './write-context.js';

export interface ServerInfo {
  host: string;
  port: number;
  startedAt: Date;
  connectionCount(): number;
}

export interface ConnectionInfo {
  id: number;
  /** Address of our end of the socket: what the client dialled. */
  localAddress?: string;
  remoteAddress?: string;
  remotePort?: number;
}

export interface CommandContext {
  engine: Engine;
  cursors: CursorManager;
  sessions: SessionManager;
  server: ServerInfo;
  db: string;
  name: string;
  body: Doc;
  write: WriteContext;
  txn?: Transaction;
  lsidKey?: string;
  connection: ConnectionInfo;
}

export type CommandHandler = (cx: CommandContext) => Doc | Promise<Doc>;

/** Runs a single-statement write, waiting out locks held by open transactions. */
export async function withLockWait<T>(fn: () => T): Promise<T> {
  for (;;) {
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof LockWait)) throw err;
      await Promise.race([err.owner.done, new Promise((r) => setTimeout(r, 100))]);
    }
  }
}

export function collectionArg(cx: CommandContext): string {
  const v = cx.body[cx.name];
  if (typeof v !== 'string' || !v) throw new MongoServerError(73, `collection name has invalid type ${typeof v}`);
  return v;
}

export function toInt(v: unknown, fallback?: number): number | undefined {
  if (v === undefined || v === null) return fallback;
  if (v instanceof Long) return v.toNumber();
  const n = Number(v);
  if (Number.isNaN(n)) throw new MongoServerError(14, `Expected a number, got ${String(v)}`);
  return n;
}

export function optDoc(v: unknown, what: string): Doc | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new MongoServerError(14, `${what} must be an object`);
  return v as Doc;
}

export function cursorReply(ns: string, id: Long, docs: Doc[], first: boolean): Doc {
  return { cursor: first ? { firstBatch: docs, id, ns } : { nextBatch: docs, id, ns }, ok: 1 };
}
