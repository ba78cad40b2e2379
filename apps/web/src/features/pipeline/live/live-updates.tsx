import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getLiveStreamToken } from '../api/live-stream-token';
import { createLiveCacheUpdater } from './live-cache';
import { connectLiveEvents, type LiveStatus } from './live-connection';
import { emitLiveEvent } from './live-events';

export const LiveUpdatesMessages = { paused: 'Live updates paused, reconnecting…' } as const;

/**
 * Mounted once in the signed-in shell for company users: keeps the live-update stream open, hands each
 * event to the screens that listen (emitLiveEvent), refreshes the caches it touches, and says so quietly
 * in the header while the connection is down.
 */
export default function LiveUpdates() {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const cache = createLiveCacheUpdater(client);
    const stop = connectLiveEvents({
      fetchToken: getLiveStreamToken,
      onEvent: (event) => {
        emitLiveEvent(event);
        cache.add(event);
      },
      onResync: () => cache.resync(),
      onStatus: setStatus,
    });
    return () => {
      stop();
      cache.dispose();
    };
  }, [client]);
  // Shown only while it says something: an always-present empty status would be one more "status" on every page.
  return status === 'reconnecting' ? (
    <Text role="status" size="xs" c="dimmed" aria-live="polite">
      {LiveUpdatesMessages.paused}
    </Text>
  ) : null;
}
