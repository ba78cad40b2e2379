import type { Query, QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@hireflow/contracts/pipeline';

/** Events arriving within this window refresh the caches they touch once. */
export const LiveInvalidateDelayMs = 300;

/**
 * What a live event makes stale by default: the job's page (counts, applicants) and job lists, the pipeline's views
 * except the board (it patches its own cache from useLiveEvents) and the candidate's profile, timeline
 * and application. Invalidations are batched; `resync` (the stream could not catch up) reloads all of it,
 * the board included.
 */
export function createLiveCacheUpdater(client: QueryClient, delayMs = LiveInvalidateDelayMs) {
  let jobs = new Set<string>();
  let candidates = new Set<string>();
  let applications = new Set<string>();
  let pipeline = false;
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const touches = (query: Query) => {
    const [area, part, id] = query.queryKey as unknown[];
    if (area === 'pipeline') return everything || (pipeline && part !== 'board' && part !== 'rejection-reasons');
    // The job's page (counts, applicants) and the job lists, whose rows show each job's stage counts.
    if (area === 'jobs') return everything || (part === 'detail' && jobs.has(String(id))) || (part === 'list' && jobs.size > 0);
    if (area === 'candidates') {
      if (everything) return true;
      if (part === 'profile' || part === 'timeline') return candidates.has(String(id));
      return part === 'application' && applications.has(String(id));
    }
    return false;
  };

  const flush = () => {
    timer = null;
    if (everything || pipeline || jobs.size || candidates.size || applications.size) void client.invalidateQueries({ predicate: touches });
    // invalidateQueries reads the sets synchronously; fresh ones collect the next batch.
    jobs = new Set();
    candidates = new Set();
    applications = new Set();
    pipeline = false;
    everything = false;
  };
  const schedule = () => {
    timer ??= setTimeout(flush, delayMs);
  };

  return {
    add(event: TLiveEvent) {
      if (event.jobId) jobs.add(event.jobId);
      if (event.candidateId) candidates.add(event.candidateId);
      if (event.applicationId) applications.add(event.applicationId);
      pipeline = true;
      schedule();
    },
    resync() {
      everything = true;
      schedule();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
