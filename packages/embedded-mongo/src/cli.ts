#!/usr/bin/env node
// Command-line runner: embedded-mongo --dbpath ./data --port 27017 [--host 127.0.0.1] [--allow-remote]
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index.js';

const { values } = parseArgs({
  options: {
    dbpath: { type: 'string' },
    port: { type: 'string', default: '27017' },
    host: { type: 'string', default: '127.0.0.1' },
    'allow-remote': { type: 'boolean', default: false },
    'in-memory': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: embedded-mongo [--dbpath ./data] [--port 27017] [--host 127.0.0.1] [--allow-remote] [--in-memory]');
  process.exit(0);
}

const dbPath = values['in-memory'] ? undefined : (values.dbpath ?? './data');
const server = await startEmbeddedMongo({
  dbPath,
  port: Number(values.port),
  host: values.host,
  allowRemote: values['allow-remote'],
  logger: console,
});
console.log(`ready: ${server.uri}`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  server.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
