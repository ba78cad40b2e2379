import net from 'node:net';
import { deserialize, serialize, type Document } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

/** Minimal raw client: sends prepared frames and reads length-prefixed replies. */
class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  constructor(private readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.on('error', reject);
    });
  }
  send(frame: Buffer) {
    this.socket.write(frame);
  }
  /** The next whole message; waits for data to arrive (the test's own time-out guards against a hang). */
  async reply(): Promise<Buffer> {
    while (this.buf.length < 4 || this.buf.length < this.buf.readInt32LE(0)) {
      await new Promise<void>((r) => this.waiters.push(r));
    }
    const len = this.buf.readInt32LE(0);
    const msg = this.buf.subarray(0, len);
    this.buf = this.buf.subarray(len);
    return msg;
  }
  close() {
    this.socket.destroy();
  }
}

function header(len: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(requestId: number, body: Document, opts: { flags?: number; seq?: [string, Document[]]; checksum?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE((opts.flags ?? 0) | (opts.checksum ? 1 : 0));
  parts.push(flags, Buffer.from([0]), Buffer.from(serialize(body)));
  if (opts.seq) {
    const [id, docs] = opts.seq;
    const payload = Buffer.concat([Buffer.from(id + '\0'), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  if (opts.checksum) parts.push(Buffer.alloc(4)); // CRC-32C; the server skips it
  const body2 = Buffer.concat(parts);
  return Buffer.concat([header(16 + body2.length, requestId, 2013), body2]);
}

function opQuery(requestId: number, ns: string, query: Document): Buffer {
  const flags = Buffer.alloc(4);
  const skipRet = Buffer.alloc(8);
  skipRet.writeInt32LE(-1, 4);
  const body = Buffer.concat([flags, Buffer.from(ns + '\0'), skipRet, Buffer.from(serialize(query))]);
  return Buffer.concat([header(16 + body.length, requestId, 2004), body]);
}

const msgBody = (reply: Buffer) => {
  expect(reply.readInt32LE(12)).toBe(2013);
  expect(reply.readUInt8(20)).toBe(0);
  return deserialize(reply.subarray(21));
};

describe('wire protocol', () => {
  let server: EmbeddedMongo;
  let raw: RawClient;
  beforeAll(async () => {
    server = await startEmbeddedMongo();
    raw = await RawClient.connect(server.port);
  });
  afterAll(async () => {
    raw.close();
    await server.stop();
  });

  it('answers the legacy OP_QUERY ismaster handshake with OP_REPLY', async () => {
    raw.send(opQuery(7, 'admin.$cmd', { ismaster: 1, helloOk: true, client: { driver: { name: 'raw' } }, compression: [] }));
    const reply = (await raw.reply());
    expect(reply.readInt32LE(8)).toBe(7); // responseTo
    expect(reply.readInt32LE(12)).toBe(1); // OP_REPLY
    expect(reply.readInt32LE(32)).toBe(1); // numberReturned
    const doc = deserialize(reply.subarray(36));
    expect(doc).toMatchObject({ ismaster: true, helloOk: true, maxWireVersion: 21, setName: 'rs0', ok: 1 });
  });

  it('handles OP_MSG with a kind-1 document sequence and a checksum', async () => {
    raw.send(opMsg(8, { insert: 'seq', $db: 'w' }, { seq: ['documents', [{ _id: 1 }, { _id: 2 }]], checksum: true }));
    const res = msgBody((await raw.reply()));
    expect(res).toMatchObject({ n: 2, ok: 1 });
    raw.send(opMsg(9, { insert: 'seq', documents: [{ _id: 3 }], $db: 'w' }));
    expect(msgBody((await raw.reply()))).toMatchObject({ n: 1, ok: 1 });
    raw.send(opMsg(10, { count: 'seq', $db: 'w' }));
    expect(msgBody((await raw.reply()))).toMatchObject({ n: 3 });
  });

  it('sends no reply when moreToCome is set', async () => {
    raw.send(opMsg(11, { insert: 'seq', documents: [{ _id: 4 }], $db: 'w' }, { flags: 2 }));
    raw.send(opMsg(12, { count: 'seq', $db: 'w' }));
    // The first message back answers request 12 (responseTo): request 11 got none.
    const reply = await raw.reply();
    expect(reply.readInt32LE(8)).toBe(12);
    expect(msgBody(reply)).toMatchObject({ n: 4 });
  });

  it('returns cursor ids as BSON Long', async () => {
    raw.send(opMsg(13, { find: 'seq', filter: {}, batchSize: 1, $db: 'w' }));
    const reply = (await raw.reply());
    const doc = deserialize(reply.subarray(21), { promoteLongs: false });
    expect(doc.cursor.id._bsontype).toBe('Long');
    expect(doc.cursor.id.isZero()).toBe(false);
  });

  it('keeps a large reply intact while it waits to be read, as other connections get theirs', async () => {
    // Replies are framed in reused buffers: one still being written must not be reused for another reply.
    const mb = (c: string) => c.repeat(1024 * 1024);
    for (const part of [0, 1]) {
      raw.send(opMsg(20 + part, { insert: 'big', documents: Array.from({ length: 6 }, (_, i) => ({ _id: part * 6 + i, s: mb(String.fromCharCode(97 + part * 6 + i)) })), $db: 'w' }));
      expect(msgBody(await raw.reply())).toMatchObject({ ok: 1, n: 6 });
    }
    raw.send(opMsg(22, { insert: 'other', documents: [{ _id: 1, s: mb('z') }, { _id: 2, s: mb('y') }], $db: 'w' }));
    expect(msgBody(await raw.reply())).toMatchObject({ ok: 1, n: 2 });

    const slow = await RawClient.connect(server.port);
    const slowSocket = (slow as unknown as { socket: net.Socket }).socket;
    slowSocket.pause();
    // Four 12 MB replies: more than the kernel's socket buffers hold, so some wait in the server's write queue.
    for (let i = 0; i < 4; i++) slow.send(opMsg(40 + i, { find: 'big', filter: {}, sort: { _id: 1 }, batchSize: 100, $db: 'w' }));
    for (let i = 0; i < 6; i++) {
      raw.send(opMsg(30 + i, { find: 'other', filter: {}, sort: { _id: 1 }, $db: 'w' }));
      expect(msgBody(await raw.reply()).cursor.firstBatch.map((d: Document) => d.s[0] + String(d.s.length))).toEqual(['z1048576', 'y1048576']);
    }
    slowSocket.resume();
    for (let i = 0; i < 4; i++) {
      const big = msgBody(await slow.reply()).cursor.firstBatch as Document[];
      expect(big.map((d) => d._id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      big.forEach((d, k) => expect(d.s === mb(String.fromCharCode(97 + k))).toBe(true));
    }
    slow.close();
  });

  it('closes the connection on a malformed frame instead of crashing', async () => {
    const bad = await RawClient.connect(server.port);
    const closed = new Promise((r) => (bad as unknown as { socket: net.Socket }).socket.on('close', r));
    bad.send(Buffer.from([5, 0, 0, 0, 0]));
    await closed;
    raw.send(opMsg(14, { ping: 1, $db: 'admin' }));
    expect(msgBody((await raw.reply()))).toMatchObject({ ok: 1 });
  });
});
