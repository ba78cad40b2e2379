import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';
import { connectLiveEvents, reconnectDelayMs, type LiveStatus } from './live-connection';
import { FakeEventSource } from './fake-event-source';

const event = (id: string, over: Partial<TLiveEvent> = {}): TLiveEvent => ({
  id,
  kind: 'application.moved',
  at: '2026-11-24T03:00:00.000Z',
  jobId: 'j1',
  applicationId: 'a1',
  candidateId: 'c1',
  byUserId: 'u2',
  data: { fromStageId: 's1' },
  ...over,
});

describe('connectLiveEvents', () => {
  let statuses: LiveStatus[];
  let received: TLiveEvent[];
  let stop: () => void;
  let tokens: number;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    statuses = [];
    received = [];
    tokens = 0;
    stop = connectLiveEvents({
      fetchToken: async () => `token-${++tokens}`,
      onEvent: (e) => received.push(e),
      onResync: () => received.push(event('resync')),
      onStatus: (s) => statuses.push(s),
      EventSourceImpl: FakeEventSource as unknown as new (url: string) => EventSource,
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('opens the stream with a stream token, passes events on once each, and resumes from the last one after a drop', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.latest();
    expect(first.url).toBe('/api/events?token=token-1');
    first.open();
    expect(statuses).toEqual(['connecting', 'live']);

    first.emit('application.moved', event('e1'), 'e1');
    first.emit('application.moved', event('e1'), 'e1');
    first.emit('application.created', event('e2', { kind: 'application.created' }), 'e2');
    first.emit('application.moved', { nonsense: true }, 'e3');
    expect(received.map((e) => e.id)).toEqual(['e1', 'e2']);

    first.fail();
    expect(first.readyState).toBe(2); // closed: the browser's own retry would reuse an expired token
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(0, () => 1) + 1);
    const second = FakeEventSource.latest();
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(second.params.get('token')).toBe('token-2');
    expect(second.params.get('lastEventId')).toBe('e2');
    second.open();
    expect(statuses.at(-1)).toBe('live');

    // The server re-sends a few seconds before the resume point: what was seen is dropped.
    second.emit('application.created', event('e2', { kind: 'application.created' }), 'e2');
    second.emit('application.moved', event('e4'), 'e4');
    second.emit('resync', {});
    expect(received.map((e) => e.id)).toEqual(['e1', 'e2', 'e4', 'resync']);
  });

  it('waits longer after each failed attempt, up to 30 seconds, and starts over once connected', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const waits = [0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelayMs(n, () => 1));
    expect(waits).toEqual([1200, 2400, 4800, 9600, 19200, 36000, 36000]);
    for (const wait of waits.slice(0, 3)) {
      const count = FakeEventSource.instances.length;
      FakeEventSource.latest().fail();
      await vi.advanceTimersByTimeAsync(wait / 1.2 - 1);
      expect(FakeEventSource.instances).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(wait / 6 + 2);
      expect(FakeEventSource.instances).toHaveLength(count + 1);
    }
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(1201);
    expect(FakeEventSource.instances).toHaveLength(5);
  });

  it('stops for good when the shell unmounts', async () => {
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.latest().fail();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
