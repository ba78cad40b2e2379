/** An EventSource for tests: records what was opened and lets a test play the server. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static latest() {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1]!;
  }
  readonly url: string;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  get params() {
    return new URL(this.url, 'http://localhost').searchParams;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = 2;
  }
  /** The server answered: the stream is open. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** The server sends one message. */
  emit(type: string, data: unknown, id?: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ?? '' });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The connection dropped. */
  fail() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
}
