// Resume tokens: { _data: <hex string> } as MongoDB 7 sends them. Clients treat them as opaque; ours
// hold the event's cluster time, its sequence number in the change log and whether it is an invalidate.
import { Timestamp } from 'bson';
import type { Doc } from '../errors.js';
import { MongoServerError } from '../errors.js';

export interface DecodedToken {
  ts: Timestamp;
  seq: number;
  /** Which change log issued it (a new in-memory server, or a wiped data directory, has a new one). */
  epoch: number;
  invalidate: boolean;
}

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');

export function encodeToken(ts: Timestamp, seq: number, epoch: number, invalidate = false): Doc {
  return { _data: '82' + hex(ts.t, 8) + hex(ts.i, 8) + hex(seq, 16) + hex(epoch, 8) + (invalidate ? '01' : '00') };
}

export function decodeToken(token: unknown): DecodedToken {
  const data = token && typeof token === 'object' ? (token as Doc)._data : undefined;
  if (typeof data !== 'string' || !/^82[0-9A-Fa-f]{42}$/.test(data)) {
    throw new MongoServerError(260, `Invalid resume token: ${JSON.stringify(token)}`);
  }
  return {
    ts: new Timestamp({ t: parseInt(data.slice(2, 10), 16), i: parseInt(data.slice(10, 18), 16) }),
    seq: parseInt(data.slice(18, 34), 16),
    epoch: parseInt(data.slice(34, 42), 16),
    invalidate: data.slice(42) === '01',
  };
}
