// Message framing for the MongoDB wire protocol: OP_MSG in both directions, legacy OP_QUERY in, OP_REPLY out.
import { deserialize, serialize, serializeWithBufferAndIndex, Long } from 'bson';
import type { Doc } from './errors.js';
import { retypeCommand } from './numeric-types.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;

export interface MsgHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface ParsedMessage {
  header: MsgHeader;
  /** Command body with kind-1 sequences merged in as arrays. */
  body: Doc;
  flags: number;
  /** Legacy OP_QUERY fields, present only for OP_QUERY. */
  legacy?: { fullCollectionName: string };
}

export class ProtocolError extends Error {}

export function readHeader(buf: Buffer): MsgHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function readBsonAt(buf: Buffer, offset: number): [Doc, number] {
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > buf.length) throw new ProtocolError('invalid BSON document length');
  // Numbers are read unpromoted; retypeCommand decides where they keep their BSON type (numeric-types.ts).
  return [deserialize(buf.subarray(offset, offset + size), { promoteValues: false }) as Doc, offset + size];
}

export function parseMessage(buf: Buffer): ParsedMessage {
  const header = readHeader(buf);
  if (header.opCode === OP_MSG) return parseOpMsg(buf, header);
  if (header.opCode === OP_QUERY) return parseOpQuery(buf, header);
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(buf: Buffer, header: MsgHeader): ParsedMessage {
  const flags = buf.readUInt32LE(16);
  // The checksum (CRC-32C) trails the sections; we exclude it rather than verify it, TCP already guards loopback.
  const end = flags & FLAG_CHECKSUM_PRESENT ? buf.length - 4 : buf.length;
  let offset = 20;
  let body: Doc | undefined;
  const sequences: [string, Doc[]][] = [];
  while (offset < end) {
    const kind = buf.readUInt8(offset++);
    if (kind === 0) {
      [body, offset] = readBsonAt(buf, offset);
    } else if (kind === 1) {
      const sectionEnd = offset + buf.readInt32LE(offset);
      const [identifier, start] = readCString(buf, offset + 4);
      let pos = start;
      const docs: Doc[] = [];
      while (pos < sectionEnd) {
        let doc: Doc;
        [doc, pos] = readBsonAt(buf, pos);
        docs.push(doc);
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unsupported OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  return { header, body: retypeCommand(body), flags };
}

function parseOpQuery(buf: Buffer, header: MsgHeader): ParsedMessage {
  const flags = buf.readInt32LE(16);
  const [fullCollectionName, afterName] = readCString(buf, 20);
  let [query] = readBsonAt(buf, afterName + 8);
  // Drivers may wrap the command as { $query: cmd, $readPreference: ... }.
  if (query.$query && typeof query.$query === 'object') query = query.$query as Doc;
  return { header, body: retypeCommand(query), flags, legacy: { fullCollectionName } };
}

let nextRequestId = 1;

function frame(opCode: number, responseTo: number, payload: Uint8Array[]): Buffer {
  const length = 16 + payload.reduce((n, b) => n + b.length, 0);
  const header = Buffer.alloc(16);
  header.writeInt32LE(length, 0);
  header.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, ...payload]);
}

/** Room for the largest reply: bson serialises into its own 17 MB buffer, plus the OP_MSG header and prefix. */
const ReplyBufferBytes = 17 * 1024 * 1024 + 64;
/** At most this many are made (per process or thread); while all are being written, replies get their own. */
const ReplyBufferCount = 4;
const replyBuffers: Buffer[] = [];
let replyBuffersMade = 0;

/**
 * An OP_MSG reply framed in a reused buffer, and the function that hands the buffer back once the socket has
 * written it. bson's own serialize copies every reply into a fresh buffer (and framing copied it again): on a
 * database with a large heap, that memory outside the heap made V8 run a minor collection (50-100 ms on a
 * 12 GB heap) every few dozen large replies.
 */
export function encodeOpMsgReused(responseTo: number, body: Doc): { frame: Buffer; release: () => void } {
  let buf = replyBuffers.pop();
  if (!buf && replyBuffersMade < ReplyBufferCount) {
    buf = Buffer.allocUnsafe(ReplyBufferBytes);
    replyBuffersMade++;
  }
  if (!buf) return { frame: frame(OP_MSG, responseTo, [Buffer.alloc(5), serialize(body)]), release: () => {} };
  const kept = buf;
  const release = () => void replyBuffers.push(kept);
  try {
    const length = serializeWithBufferAndIndex(body, kept, { index: 21 }) + 1;
    kept.writeInt32LE(length, 0);
    kept.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
    kept.writeInt32LE(responseTo, 8);
    kept.writeInt32LE(OP_MSG, 12);
    kept.writeInt32LE(0, 16); // flagBits
    kept[20] = 0; // section kind 0: the body
    return { frame: kept.subarray(0, length), release };
  } catch (err) {
    release();
    throw err;
  }
}

export function encodeOpReply(responseTo: number, doc: Doc): Buffer {
  const fixed = Buffer.alloc(20);
  fixed.writeInt32LE(0, 0); // responseFlags
  const cursorId = Long.ZERO;
  fixed.writeInt32LE(cursorId.low, 4);
  fixed.writeInt32LE(cursorId.high, 8);
  fixed.writeInt32LE(0, 12); // startingFrom
  fixed.writeInt32LE(1, 16); // numberReturned
  return frame(OP_REPLY, responseTo, [fixed, serialize(doc)]);
}
