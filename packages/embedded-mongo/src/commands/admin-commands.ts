// Handshake and server-level commands. The server presents itself as the primary of a one-member
// replica set so drivers enable sessions and transactions.
import os from 'node:os';
import { ObjectId } from 'bson';
import { Query } from 'mingo';
import type { CommandContext, CommandHandler } from '../command-context.js';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';
import { MINGO_OPTIONS } from '../mingo-options.js';
import { lsidKeyOf } from '../transactions.js';

export const REPLICA_SET = 'rs0';
export const MAX_WIRE_VERSION = 21;
export const SERVER_VERSION = '7.0.0';
const electionId = new ObjectId('7fffffff0000000000000001');

/**
 * host:port the client used to reach us. Drivers in replica-set mode only talk to members listed in
 * hosts, so a wildcard bind advertises the local address of this very connection.
 */
function advertisedAddress(cx: CommandContext): string {
  const wildcard = cx.server.host === '0.0.0.0' || cx.server.host === '::';
  const host = wildcard && cx.connection.localAddress ? cx.connection.localAddress : cx.server.host;
  return `${host.includes(':') ? `[${host}]` : host}:${cx.server.port}`;
}

export function helloResponse(cx: CommandContext): Doc {
  const me = advertisedAddress(cx);
  const res: Doc = {
    isWritablePrimary: true,
    ismaster: true,
    topologyVersion: undefined,
    hosts: [me],
    setName: REPLICA_SET,
    setVersion: 1,
    secondary: false,
    primary: me,
    me,
    electionId,
    lastWrite: { lastWriteDate: new Date(), majorityWriteDate: new Date() },
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: cx.connection.id,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
  delete res.topologyVersion; // never advertised: awaitable hello is not implemented
  if (cx.body.helloOk) res.helloOk = true;
  return res;
}

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  openssl: { running: 'disabled' },
  ok: 1,
});

const getParameter: CommandHandler = (cx) => {
  const known: Doc = {
    featureCompatibilityVersion: { version: '7.0' },
    transactionLifetimeLimitSeconds: 60,
    maxBSONDepth: 100,
    authenticationMechanisms: [],
  };
  if (cx.body.getParameter === '*') return { ...known, ok: 1 };
  const out: Doc = {};
  for (const k of Object.keys(cx.body)) if (k in known) out[k] = known[k];
  return { ...out, ok: 1 };
};

const hostInfo: CommandHandler = () => ({
  system: { currentTime: new Date(), hostname: os.hostname(), cpuAddrSize: 64, memSizeMB: Math.round(os.totalmem() / 1048576), numCores: os.cpus().length, cpuArch: os.arch() },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
  ok: 1,
});

const listDatabases: CommandHandler = (cx) => {
  let databases = [...cx.engine.dbs.entries()].map(([name, colls]) => {
    const docs = [...colls.values()].reduce((n, c) => n + c.docs.size, 0);
    return cx.body.nameOnly ? { name } : { name, sizeOnDisk: docs * 256, empty: docs === 0 };
  });
  const filter = cx.body.filter;
  if (filter && typeof filter === 'object' && Object.keys(filter).length) {
    const q = new Query(filter as Doc, MINGO_OPTIONS);
    databases = databases.filter((d) => q.test(d));
  }
  return cx.body.nameOnly ? { databases, ok: 1 } : { databases, totalSize: databases.reduce((n, d) => n + (Number(d.sizeOnDisk) || 0), 0), totalSizeMb: 0, ok: 1 };
};

const serverStatus: CommandHandler = (cx) => ({
  host: os.hostname(),
  version: SERVER_VERSION,
  process: 'embedded-mongo',
  pid: process.pid,
  uptime: Math.round((Date.now() - cx.server.startedAt.getTime()) / 1000),
  localTime: new Date(),
  connections: { current: cx.server.connectionCount(), available: 10_000 },
  storageEngine: { name: cx.engine.storage.durable ? 'lmdb' : 'inMemory', persistent: cx.engine.storage.durable },
  ok: 1,
});

const sessionsFrom = (cx: CommandContext, field: string): string[] =>
  ((cx.body[field] as Doc[] | undefined) ?? []).map((lsid) => lsidKeyOf({ lsid })).filter((k): k is string => !!k);

const endSessions: CommandHandler = (cx) => {
  for (const key of sessionsFrom(cx, cx.name)) {
    cx.sessions.endSession(key);
    cx.cursors.killSession(key);
  }
  return { ok: 1 };
};

const commitTransaction: CommandHandler = async (cx) => {
  if (!cx.txn) throw new MongoServerError(251, 'commitTransaction must be run within a transaction', {}, ['TransientTransactionError']);
  await cx.sessions.commit(cx.txn);
  return { ok: 1 };
};

const abortTransaction: CommandHandler = (cx) => {
  if (!cx.txn) throw new MongoServerError(251, 'abortTransaction must be run within a transaction', {}, ['TransientTransactionError']);
  if (cx.txn.state === 'committed') throw new MongoServerError(256, 'Cannot abort a committed transaction');
  cx.sessions.abort(cx.txn);
  return { ok: 1 };
};

const ok: CommandHandler = () => ({ ok: 1 });

export const adminCommands: Record<string, CommandHandler> = {
  hello: helloResponse,
  isMaster: helloResponse,
  ismaster: helloResponse,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  hostInfo,
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  listDatabases,
  serverStatus,
  whatsmyuri: (cx) => ({ you: `${cx.connection.remoteAddress}:${cx.connection.remotePort}`, ok: 1 }),
  getCmdLineOpts: () => ({ argv: ['embedded-mongo'], parsed: {}, ok: 1 }),
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  endSessions,
  killSessions: endSessions,
  killAllSessions: ok,
  refreshSessions: ok,
  startSession: (cx) => ({ id: (cx.body.lsid as Doc | undefined) ?? {}, timeoutMinutes: 30, ok: 1 }),
  commitTransaction,
  abortTransaction,
  getLastError: () => ({ err: null, n: 0, ok: 1 }),
  logout: ok,
};
