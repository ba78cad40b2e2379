// Runs the embedded server on a worker thread of its own: the host's event loop only pays for the wire
// round trips, and the server's query work runs in parallel on another core. Same options and same
// handle as startEmbeddedMongo; clients connect over loopback TCP as before.
import { Worker } from 'node:worker_threads';
import type { EmbeddedMongo, EmbeddedMongoOptions } from './index.js';
import { reservePath } from './storage.js';

export interface EmbeddedMongoThreadOptions extends Omit<EmbeddedMongoOptions, 'logger'> {
  logger?: EmbeddedMongoOptions['logger'];
  /** Called when the thread ends without stop() (a crash inside the server); the server is gone then. */
  onUnexpectedExit?: (error: Error) => void;
}

export interface EmbeddedMongoThread extends EmbeddedMongo {
  readonly threadId: number;
}

type WorkerMessage =
  | { type: 'ready'; uri: string; port: number }
  | { type: 'error' | 'stopped'; message?: string; stack?: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; msg: string };


/**
 * Where the worker entry is: next to this module. From a bundle (the package's build, or an app that
 * inlines this package) it is embedded-mongo-worker.js beside the bundle, which the bundler must emit as
 * an entry of its own; from source (tsx, vitest) a plain-JS entry that loads the TypeScript one via tsx.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return /\.[cm]?ts$/.test(new URL(here).pathname) ? new URL('./embedded-mongo-worker.source.mjs', here) : new URL('./embedded-mongo-worker.js', here);
}

export async function startEmbeddedMongoThread(opts: EmbeddedMongoThreadOptions = {}): Promise<EmbeddedMongoThread> {
  const { logger, onUnexpectedExit, ...options } = opts;
  // Each thread has its own module state, so the storage's "already open in this process" check in the new
  // thread cannot see this thread's servers, nor they it: the directory is reserved here too.
  const release = options.dbPath ? reservePath(options.dbPath) : () => undefined;

  let worker: Worker;
  try {
    worker = new Worker(workerEntry(), { workerData: { ...options, log: Boolean(logger) } });
  } catch (error) {
    release();
    throw error;
  }
  let stopping = false;
  let ready = false;
  let stopped: Promise<void> | undefined;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  void exited.then((code) => {
    release();
    if (!stopping && ready) onUnexpectedExit?.(new Error(`embedded-mongo thread ended unexpectedly (exit code ${code})`));
  });

  const started = await new Promise<{ uri: string; port: number }>((resolve, reject) => {
    const fail = (error: Error) => {
      void worker.terminate();
      reject(error);
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'log') logger?.[message.level]?.(message.msg);
      else if (message.type === 'ready') resolve(message);
      else if (message.type === 'error' && !ready) fail(Object.assign(new Error(message.message), { stack: message.stack }));
    });
    worker.once('error', fail);
    void exited.then((code) => fail(new Error(`embedded-mongo thread ended before it was ready (exit code ${code})`)));
  });
  ready = true;
  worker.on('error', (error) => logger?.error?.(`embedded-mongo thread failed: ${error.stack ?? error.message}`));

  return {
    uri: started.uri,
    port: started.port,
    threadId: worker.threadId,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        const done = new Promise<void>((resolve, reject) => {
          worker.on('message', (message: WorkerMessage) => {
            if (message.type !== 'stopped') return;
            if (message.message) reject(Object.assign(new Error(message.message), { stack: message.stack }));
            else resolve();
          });
          // A thread that is already gone has nothing left to flush.
          void exited.then(() => resolve());
        });
        worker.postMessage({ type: 'stop' });
        try {
          await done;
        } finally {
          // The data is flushed and closed: end the thread even if something in it still holds the loop.
          await worker.terminate();
        }
      })()),
  };
}
