// TCP front end: splits the byte stream into wire messages, runs them in order per connection and
// writes the replies (none for OP_MSG with moreToCome).
import net from 'node:net';
import type { ConnectionInfo } from './command-context.js';
import type { Dispatcher, Logger } from './command-dispatch.js';
import type { Doc } from './errors.js';
import { MongoServerError } from './errors.js';
import {
  encodeOpMsgReused,
  encodeOpReply,
  FLAG_MORE_TO_COME,
  OP_MSG,
  OP_QUERY,
  parseMessage,
  ProtocolError,
} from './wire-protocol.js';

const MAX_MESSAGE = 48_000_000;

export class WireServer {
  readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  private nextConnectionId = 1;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly logger?: Logger,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnectionId++;
    const conn: ConnectionInfo = {
      id: connectionId,
      localAddress: socket.localAddress?.replace(/^::ffff:/, ''),
      remoteAddress: socket.remoteAddress?.replace(/^::ffff:/, ''),
      remotePort: socket.remotePort,
    };
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    // Chunks of a message still arriving are joined once it is whole (joining at every chunk copies a
    // 16 MB message hundreds of times).
    let waiting: Buffer[] = [];
    let waitingBytes = 0;
    let needed = 0;
    let chain = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      if (waiting.length) {
        waiting.push(chunk);
        waitingBytes += chunk.length;
        if (waitingBytes < needed) return;
        pending = Buffer.concat(waiting, waitingBytes);
        waiting = [];
        waitingBytes = 0;
      } else pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 4) {
        const len = pending.readInt32LE(0);
        if (len < 16 || len > MAX_MESSAGE) {
          this.logger?.warn?.(`closing connection ${connectionId}: invalid message length ${len}`);
          socket.destroy();
          return;
        }
        if (pending.length < len) {
          waiting = [pending];
          waitingBytes = pending.length;
          needed = len;
          pending = Buffer.alloc(0);
          break;
        }
        const msg = pending.subarray(0, len);
        pending = pending.subarray(len);
        chain = chain.then(() => this.handle(socket, msg, conn)).catch(() => {
          socket.destroy();
        });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(socket: net.Socket, raw: Buffer, conn: ConnectionInfo): Promise<void> {
    let parsed;
    try {
      parsed = parseMessage(raw);
    } catch (err) {
      this.logger?.warn?.(`closing connection ${conn.id}: ${err instanceof ProtocolError ? err.message : String(err)}`);
      socket.destroy();
      return;
    }
    const { header, body, flags, legacy } = parsed;
    const encode = (doc: Doc) => (header.opCode === OP_QUERY ? { frame: encodeOpReply(header.requestId, doc), release: () => {} } : encodeOpMsgReused(header.requestId, doc));
    let reply: { frame: Buffer; release: () => void };
    try {
      const db = legacy ? legacy.fullCollectionName.split('.')[0] || 'admin' : undefined;
      reply = encode(await this.dispatcher.run(body, conn, db));
    } catch (err) {
      // A bug or an unencodable reply must not take the process down or wedge the connection.
      this.logger?.error?.(`internal error on connection ${conn.id}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      reply = encode(new MongoServerError(1, `internal error: ${err instanceof Error ? err.message : String(err)}`).toResponse());
    }
    if ((header.opCode === OP_MSG && flags & FLAG_MORE_TO_COME) || socket.destroyed) return reply.release();
    // The buffer is reused once written (the callback also runs when the socket is destroyed first).
    socket.write(reply.frame, () => reply.release());
  }
}
