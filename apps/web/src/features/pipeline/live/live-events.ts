import { useEffect, useRef } from 'react';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';

type Listener = (event: TLiveEvent) => void;
const listeners = new Set<Listener>();

/** The stream's connection hands every event it receives to the screens that listen. */
export function emitLiveEvent(event: TLiveEvent) {
  for (const listener of listeners) listener(event);
}

export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A screen patches its own caches from the live events while it is mounted (the board moves its cards). */
export function useLiveEvents(listener: Listener) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeLiveEvents((event) => latest.current(event)), []);
}
