// The worker entry for source runs (tsx, vitest): Node does not pass a host's TypeScript loader on to
// worker threads, so this plain-JS entry registers tsx in the thread and then loads the real entry.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-mongo-worker.ts');
