// The worker-thread entry behind startEmbeddedMongoThread: runs the embedded server on this thread's own
// event loop, so its queries never wait behind (or hold up) the host's request handling.
// Protocol with the host: it posts { type: 'ready', uri, port } or { type: 'error', message, stack } once;
// it answers a { type: 'stop' } message with { type: 'stopped' } after the data is flushed and closed.
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from './index.js';

type Options = Omit<EmbeddedMongoOptions, 'logger'> & { log?: boolean };

const port = parentPort;
if (!port) throw new Error('embedded-mongo-worker must run as a worker thread (see startEmbeddedMongoThread)');

const { log, ...options } = workerData as Options;
const logger = log
  ? {
      info: (msg: string) => port.postMessage({ type: 'log', level: 'info', msg }),
      warn: (msg: string) => port.postMessage({ type: 'log', level: 'warn', msg }),
      error: (msg: string) => port.postMessage({ type: 'log', level: 'error', msg }),
    }
  : undefined;

let server: EmbeddedMongo | undefined;
try {
  server = await startEmbeddedMongo({ ...options, logger });
  port.postMessage({ type: 'ready', uri: server.uri, port: server.port });
} catch (err) {
  const error = err instanceof Error ? err : new Error(String(err));
  port.postMessage({ type: 'error', message: error.message, stack: error.stack });
}

port.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  void (server?.stop() ?? Promise.resolve()).then(
    () => {
      port.postMessage({ type: 'stopped' });
      port.close();
    },
    (err: unknown) => {
      const error = err instanceof Error ? err : new Error(String(err));
      port.postMessage({ type: 'stopped', message: error.message, stack: error.stack });
      port.close();
    },
  );
});
