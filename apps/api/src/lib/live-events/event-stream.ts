import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { LiveStream, type TLiveEvent } from '@hireflow/contracts/pipeline';
import { ErrorCodes } from '@hireflow/contracts/errors';
import { AppError } from '../app-error';
import { authOf, stillSignedIn, tenantOf } from '../auth';
import { seesWholeDatabase } from '../../modules/candidates/candidates.access';
import { LiveEvent, type LiveEventDoc } from './live-event.model';
import { liveEventHub, toLiveEvent, type LiveViewer } from './hub';

/** A reconnect whose Last-Event-ID is older than this cannot be caught up (events are kept a day). */
const KeptMs = 24 * 3600 * 1000;
/** A client that does not read what it is sent (more than this waiting in the socket) is disconnected. */
const MaxUnreadBytes = 1024 * 1024;
/** Every this many heartbeats the stream checks that its session still holds (signed out: it ends). */
const HeartbeatsPerSessionCheck = 3;
/** How soon a browser reconnects by itself after a dropped connection. */
const RetryMs = 3000;

const openStreams = new Map<string, number>();
const openResponses = new Set<Response>();

/** Streams open on this instance (for the bench and an operator's curiosity). */
export function openStreamCount() {
  return openResponses.size;
}

/** Shutdown: ends every open stream (clients reconnect, to another instance behind a load balancer). */
export async function closeEventStreams() {
  for (const res of openResponses) res.end();
  openResponses.clear();
  await liveEventHub.stop();
}

function resumePoint(req: Request): Types.ObjectId | null {
  const header = req.headers['last-event-id'];
  const query = req.query.lastEventId;
  const value = typeof header === 'string' && header ? header : typeof query === 'string' ? query : '';
  return Types.ObjectId.isValid(value) && /^[0-9a-f]{24}$/i.test(value) ? new Types.ObjectId(value) : null;
}

/**
 * GET /api/events: the signed-in user's server-sent events. It subscribes to the process's hub first,
 * then (with Last-Event-ID) sends what the user may see of what was written since, then what the hub
 * delivered meanwhile, each once, then live events: no gap between catch-up and live.
 */
export async function openEventStream(req: Request, res: Response) {
  const auth = authOf(req);
  const customerId = tenantOf(req);
  const userKey = String(auth.userId);
  const open = openStreams.get(userKey) ?? 0;
  if (open >= LiveStream.maxStreamsPerUser) {
    throw new AppError(ErrorCodes.tooManyRequests, {
      message: `You have ${LiveStream.maxStreamsPerUser} live connections open already; close a tab to open another.`,
      status: 429,
      details: { retryAfter: 30 },
    });
  }
  openStreams.set(userKey, open + 1);
  openResponses.add(res);
  const viewer: LiveViewer = { customerId, userId: auth.userId, wholeDatabase: seesWholeDatabase(auth.user) };
  const since = resumePoint(req);

  res.locals.eventStream = true;
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  // no-transform keeps the gzip middleware out (an event must leave at once); X-Accel-Buffering for nginx.
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);

  let closed = false;
  const write = (chunk: string) => {
    if (closed || res.writableEnded) return;
    res.write(chunk);
    if (res.writableLength > MaxUnreadBytes) res.destroy();
  };
  const send = (event: TLiveEvent) => write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`);
  const sendResync = () => write(`event: ${LiveStream.resyncEvent}\ndata: {}\n\n`);

  let catchingUp = true;
  const waiting: TLiveEvent[] = [];
  const subscription = liveEventHub.subscribe(
    { viewer, onEvent: (event) => (catchingUp ? waiting.push(event) : send(event)), onResync: sendResync },
    req.log,
  );

  let beats = 0;
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    if (++beats % HeartbeatsPerSessionCheck === 0) {
      stillSignedIn(auth).then(
        (ok) => (ok ? undefined : res.end()),
        () => undefined,
      );
    }
  }, LiveStream.heartbeatSeconds * 1000);
  heartbeat.unref();

  res.once('close', () => {
    closed = true;
    clearInterval(heartbeat);
    subscription.unsubscribe();
    openResponses.delete(res);
    const left = (openStreams.get(userKey) ?? 1) - 1;
    if (left > 0) openStreams.set(userKey, left);
    else openStreams.delete(userKey);
  });

  write(': connected\n\n');
  try {
    await subscription.ready;
    if (closed) return;
    const sent = new Set<string>();
    if (since) {
      const backlog = await missedEvents(viewer, since);
      if (closed) return;
      if (backlog === 'too-much') sendResync();
      else {
        for (const doc of backlog) {
          const event = toLiveEvent(doc);
          if (event.id === String(since)) continue;
          sent.add(event.id);
          send(event);
        }
      }
    }
    for (const event of waiting) if (!sent.has(event.id)) send(event);
    waiting.length = 0;
    catchingUp = false;
    // Caught up: from here on events arrive as they happen (the retry field tells the client so, and how soon to reconnect).
    write(`retry: ${RetryMs}\n\n`);
  } catch (error) {
    // The answer has begun, so no error body: end the stream and let the client reconnect and catch up.
    req.log.warn({ err: error }, 'live events: catching up failed; ending the stream');
    res.end();
  }
}

/** What the viewer may see of what was written since the resume point (a few seconds before it, see LiveStream). */
async function missedEvents(viewer: LiveViewer, since: Types.ObjectId): Promise<LiveEventDoc[] | 'too-much'> {
  const sinceMs = since.getTimestamp().getTime();
  if (sinceMs < Date.now() - KeptMs) return 'too-much';
  const from = Types.ObjectId.createFromTime(Math.floor(sinceMs / 1000) - LiveStream.replayWindowSeconds);
  const docs = (await LiveEvent.find({ customerId: viewer.customerId, _id: { $gte: from }, ...(viewer.wholeDatabase ? {} : { teamIds: viewer.userId }) })
    .sort({ _id: 1 })
    .limit(LiveStream.maxBacklog + 1)
    .lean()) as LiveEventDoc[];
  return docs.length > LiveStream.maxBacklog ? 'too-much' : docs;
}
