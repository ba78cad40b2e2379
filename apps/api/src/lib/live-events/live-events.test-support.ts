import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';

export type SseMessage = { id?: string; event: string; data: string };

/** The app on a real loopback port (server-sent events need a live connection, not supertest's buffered answer). */
export async function listen(app: Express) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A small EventSource for tests: opens GET /api/events, parses the stream into messages as a browser
 * does (id / event / data lines, comments), and lets a test wait for what it expects to arrive.
 */
export function openStream(port: number, { auth, query = '', headers = {} }: { auth?: string; query?: string; headers?: Record<string, string> } = {}) {
  return new Promise<LiveStreamReader>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/events${query}`, headers: { Accept: 'text/event-stream', ...(auth ? { Authorization: auth } : {}), ...headers } });
    req.once('error', reject);
    req.once('response', (res) => resolve(new LiveStreamReader(req, res)));
  });
}

export class LiveStreamReader {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly messages: SseMessage[] = [];
  comments = 0;
  body = '';
  private buffer = '';
  private waiters: (() => void)[] = [];
  ended = false;
  /** Called as each event arrives, with the time it did (the bench measures with it). */
  onEvent?: (event: TLiveEvent, at: number) => void;
  /** The server has caught up and is delivering live events (it sends `retry:` then). */
  live = false;

  constructor(
    private readonly req: http.ClientRequest,
    res: http.IncomingMessage,
  ) {
    this.status = res.statusCode ?? 0;
    this.headers = res.headers;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (this.status !== 200) this.body += chunk;
      else this.parse(chunk);
      this.notify();
    });
    res.on('end', () => {
      this.ended = true;
      this.notify();
    });
    res.on('error', () => undefined);
  }

  /** The live events received (`resync` and other control messages left out). */
  get events(): TLiveEvent[] {
    return this.messages.filter((m) => m.id).map((m) => JSON.parse(m.data) as TLiveEvent);
  }

  private parse(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: SseMessage = { event: 'message', data: '' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments += 1;
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields += 1;
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') message.data = message.data ? `${message.data}\n${value}` : value;
        else if (field === 'retry') {
          this.live = true;
          fields -= 1;
        }
      }
      if (fields) {
        this.messages.push(message);
        if (message.id) this.onEvent?.(JSON.parse(message.data) as TLiveEvent, performance.now());
      }
    }
  }

  private notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when the condition holds on what has arrived (the test's own time-out bounds the wait). */
  async until(condition: (reader: this) => boolean): Promise<void> {
    while (!condition(this)) {
      if (this.ended) throw new Error(`the stream ended before the expected events arrived (${this.messages.length} messages)`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Waits until the stream delivers live events (a move made after this reaches it). */
  async whenLive(): Promise<this> {
    await this.until(() => this.live);
    return this;
  }

  /** The first event that matches, once it has arrived. */
  async next(match: (event: TLiveEvent) => boolean): Promise<TLiveEvent> {
    await this.until(() => this.events.some(match));
    return this.events.find(match)!;
  }

  close() {
    this.req.destroy();
  }
}
