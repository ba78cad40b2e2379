// Public entry point: starts an in-process MongoDB-wire-compatible server.
import type { ChangeLogOptions } from './change-streams/change-log.js';
import type { ServerInfo } from './command-context.js';
import { Dispatcher, type Logger } from './command-dispatch.js';
import { REPLICA_SET } from './commands/admin-commands.js';
import { CursorManager } from './cursor-manager.js';
import { Engine } from './engine.js';
import { registerEngine } from './server-registry.js';
import { WireServer } from './server.js';
import { SessionManager } from './transactions.js';
import { Housekeeper } from './ttl-monitor.js';

export interface EmbeddedMongoOptions {
  /** Directory for durable storage (LMDB). Omit for a purely in-memory server. */
  dbPath?: string;
  /** TCP port; 0 or omitted picks a free port. */
  port?: number;
  /** Bind address, 127.0.0.1 by default. */
  host?: string;
  /** Must be true to bind a non-loopback address. */
  allowRemote?: boolean;
  /** How often expired TTL documents are removed (default 60000 ms, like mongod). */
  ttlMonitorIntervalMs?: number;
  /** Bounds of the change-stream history (default 10,000 events, 24 hours); durable with dbPath. */
  changeStreamHistory?: ChangeLogOptions;
  logger?: Logger;
}

export interface EmbeddedMongo {
  /** Connection string, e.g. mongodb://127.0.0.1:PORT/?replicaSet=rs0 */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export type { Logger };
export { startEmbeddedMongoThread, type EmbeddedMongoThread, type EmbeddedMongoThreadOptions } from './thread.js';

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopback(host) && !opts.allowRemote) {
    throw new Error(`embedded-mongo refuses to bind non-loopback host ${host} without allowRemote: true (it has no authentication)`);
  }
  const engine = Engine.open(opts.dbPath, { changeLog: opts.changeStreamHistory });
  const cursors = new CursorManager();
  const sessions = new SessionManager(engine);
  const info: ServerInfo = { host, port: 0, startedAt: new Date(), connectionCount: () => wire.sockets.size };
  const dispatcher = new Dispatcher(engine, cursors, sessions, info, opts.logger);
  const wire = new WireServer(dispatcher, opts.logger);
  let port: number;
  try {
    port = await wire.listen(opts.port ?? 0, host);
  } catch (err) {
    await engine.close();
    throw err;
  }
  info.port = port;
  const housekeeper = new Housekeeper(engine, cursors, sessions, opts.ttlMonitorIntervalMs ?? 60_000, opts.logger);
  housekeeper.start();
  const uriHost = host.includes(':') ? `[${host}]` : host;
  opts.logger?.info?.(`embedded-mongo listening on ${uriHost}:${port}${opts.dbPath ? ` (data in ${opts.dbPath})` : ' (in-memory)'}`);
  let stopped: Promise<void> | undefined;
  const server: EmbeddedMongo = {
    uri: `mongodb://${uriHost}:${port}/?replicaSet=${REPLICA_SET}`,
    port,
    stop: () =>
      (stopped ??= (async () => {
        housekeeper.stop();
        await wire.close();
        sessions.abortAll();
        await engine.close();
      })()),
  };
  registerEngine(server, engine);
  return server;
}
