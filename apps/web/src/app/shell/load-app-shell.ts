import { loadChunk, type ChunkFailureEnv } from '@/app/routes/lazy-page';

/**
 * The signed-in frame's own chunk, under the same rule as every page's: a failed load (a deploy replaced
 * the hashed files) reloads once, a second failure goes to /. Every place that loads the shell uses this.
 */
export function loadAppShell(env?: ChunkFailureEnv) {
  return loadChunk(() => import('./app-layout'), env);
}
