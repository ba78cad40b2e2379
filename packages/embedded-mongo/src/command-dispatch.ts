// Routes a decoded command to its handler, binds it to a transaction or a one-off write context,
// makes its writes durable before replying, and turns failures into MongoDB error documents.
import { adminCommands } from './commands/admin-commands.js';
import { aggregate } from './commands/aggregate-command.js';
import { ddlCommands } from './commands/ddl-commands.js';
import { explain } from './commands/explain-command.js';
import { readCommands } from './commands/read-commands.js';
import { statsCommands } from './commands/stats-commands.js';
import { writeCommands } from './commands/write-commands.js';
import type { CommandContext, CommandHandler, ConnectionInfo, ServerInfo } from './command-context.js';
import type { CursorManager } from './cursor-manager.js';
import type { Engine } from './engine.js';
import type { Doc } from './errors.js';
import { MongoServerError, toServerError } from './errors.js';
import { lsidKeyOf, type SessionManager, type Transaction } from './transactions.js';
import { WriteContext } from './write-context.js';

const HANDLERS: Record<string, CommandHandler> = {
  ...adminCommands,
  ...ddlCommands,
  ...readCommands,
  ...statsCommands,
  ...writeCommands,
  aggregate,
  explain,
};

export interface Logger {
  info?(msg: string): void;
  warn?(msg: string): void;
  error?(msg: string): void;
}

export class Dispatcher {
  constructor(
    private readonly engine: Engine,
    private readonly cursors: CursorManager,
    private readonly sessions: SessionManager,
    private readonly server: ServerInfo,
    private readonly logger?: Logger,
  ) {}

  async run(body: Doc, connection: ConnectionInfo, defaultDb = 'admin'): Promise<Doc> {
    const name = Object.keys(body)[0];
    const handler = name === undefined ? undefined : Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
    if (!handler) return new MongoServerError(59, `no such command: '${name}'`).toResponse();
    const db = typeof body.$db === 'string' ? body.$db : defaultDb;
    let txn: Transaction | undefined;
    let write = new WriteContext();
    const writesBefore = this.engine.catalogWrites;
    // Reads need not wait for other commands' writes to reach the disk; writes (and DDL) must.
    const mustFlush = () => write.changes.length > 0 || this.engine.catalogWrites !== writesBefore;
    try {
      if (body.autocommit === false) {
        txn = this.sessions.transactionFor(body, name);
        write = txn.ctx;
      }
      const cx: CommandContext = {
        engine: this.engine, cursors: this.cursors, sessions: this.sessions, server: this.server,
        db, name, body, write, txn, lsidKey: lsidKeyOf(body), connection,
      };
      const res = await handler(cx);
      // MongoDB aborts a transaction on any write error inside it.
      if (txn && res.writeErrors) this.sessions.abort(txn);
      if (!txn && mustFlush()) await this.engine.flush(write);
      return res;
    } catch (err) {
      const e = toServerError(err);
      if (txn) {
        if (txn.active && name !== 'commitTransaction') this.sessions.abort(txn);
      } else {
        if (mustFlush()) await this.engine.flush(write).catch((flushErr: unknown) => this.logger?.error?.(`flush failed: ${String(flushErr)}`));
      }
      if (!(err instanceof MongoServerError)) this.logger?.warn?.(`command ${name} failed: ${e.message}`);
      return e.toResponse();
    }
  }
}
