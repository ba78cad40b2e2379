import { LiveEventKinds, LiveStream, PipelineApi, ZLiveEvent, type TLiveEvent } from '@hireflow/contracts/pipeline';

/** `connecting` on the first connect, `live` while events flow, `reconnecting` after the connection dropped. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

type EventSourceClass = new (url: string) => EventSource;

export type LiveConnectionOptions = {
  /** A fresh stream token for each (re)connect. */
  fetchToken: () => Promise<string>;
  onEvent: (event: TLiveEvent) => void;
  /** The server could not catch this client up (away too long): everything live must be reloaded. */
  onResync: () => void;
  onStatus: (status: LiveStatus) => void;
  EventSourceImpl?: EventSourceClass;
};

/** Waits between reconnects: 1 s, 2 s, 4 s ... up to 30 s, each stretched by up to a fifth at random so a restarted server is not hit by every tab at once. */
export function reconnectDelayMs(attempt: number, random = Math.random): number {
  return Math.round(Math.min(30_000, 1000 * 2 ** attempt) * (1 + random() * 0.2));
}

/** The ids seen lately: a reconnect re-sends a few seconds before Last-Event-ID, and each event counts once. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 500) {}
  has(id: string) {
    return this.ids.has(id);
  }
  add(id: string) {
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
  }
}

/**
 * The one connection to GET /api/events. Each (re)connect fetches a stream token and names the last event
 * it received (`?lastEventId=`), so the server sends what was missed meanwhile; a dropped connection is
 * closed and opened again after a growing wait (a stream token is good for a minute, so the browser's own
 * retry, which reuses the URL, is not relied on). Duplicate ids are dropped. Returns `stop`.
 */
export function connectLiveEvents({ fetchToken, onEvent, onResync, onStatus, EventSourceImpl = globalThis.EventSource }: LiveConnectionOptions): () => void {
  const recent = new RecentIds();
  let lastId: string | null = null;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  const receive = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = ZLiveEvent.safeParse(data);
    if (!parsed.success) return;
    const event = parsed.data;
    if (recent.has(event.id)) return;
    recent.add(event.id);
    lastId = event.id;
    onEvent(event);
  };

  const retry = () => {
    if (stopped || timer) return;
    onStatus('reconnecting');
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, reconnectDelayMs(attempt));
    attempt += 1;
  };

  const open = async () => {
    let token: string;
    try {
      token = await fetchToken();
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const params = new URLSearchParams({ token });
    if (lastId) params.set('lastEventId', lastId);
    const es = new EventSourceImpl(`${PipelineApi.events}?${params.toString()}`);
    source = es;
    es.onopen = () => {
      attempt = 0;
      onStatus('live');
    };
    for (const kind of LiveEventKinds) es.addEventListener(kind, receive as EventListener);
    es.addEventListener(LiveStream.resyncEvent, () => onResync());
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  };

  // Without EventSource (very old browsers, jsdom) there is nothing to connect: screens still work, without live updates.
  if (!EventSourceImpl) return () => undefined;
  onStatus('connecting');
  void open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
