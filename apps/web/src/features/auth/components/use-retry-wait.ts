import { useState } from 'react';
import { retryAfterOf } from '@/lib/api-client';
import { useCountdown } from './use-countdown';

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/**
 * The wait a 429 names, counting down. `note` takes each failed call's error; `message` replaces the
 * error's own text while the wait lasts (and says so when it is over), naming the other ways in.
 */
export function useRetryWait(otherWays: string) {
  const [until, setUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(until);
  return {
    secondsLeft,
    note(error: unknown) {
      const wait = retryAfterOf(error);
      setUntil(wait ? Date.now() + wait * 1000 : null);
    },
    clear: () => setUntil(null),
    message(fallback: string | null): { text: string | null; tone: 'error' | 'info' } {
      if (until === null) return { text: fallback, tone: 'error' };
      if (secondsLeft > 0) return { text: `Too many attempts from this device. Try again in ${seconds(secondsLeft)}, ${otherWays}.`, tone: 'error' };
      return { text: 'You can try again now.', tone: 'info' };
    },
  };
}
