// The server on a worker thread of its own: same wire behaviour, its data kept across stop and start,
// start-up failures reported to the caller, and the thread ended by stop().
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedMongoThread } from '../src/index.js';
import { tempDir } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('embedded server on its own thread', () => {
  it('serves queries and keeps its data across a stop and a new start', async () => {
    const tmp = tempDir();
    const first = await startEmbeddedMongoThread({ dbPath: tmp.dir });
    const client = await MongoClient.connect(first.uri);
    await client.db('app').collection('people').insertMany([{ name: 'Ada' }, { name: 'Grace' }]);
    expect(await client.db('app').collection('people').find({}, { projection: { _id: 0 } }).sort({ name: -1 }).toArray()).toEqual([{ name: 'Grace' }, { name: 'Ada' }]);
    await client.close();
    await first.stop();

    const again = await startEmbeddedMongoThread({ dbPath: tmp.dir });
    const reader = await MongoClient.connect(again.uri);
    expect(await reader.db('app').collection('people').countDocuments()).toBe(2);
    await reader.close();
    await again.stop();
    tmp.cleanup();
  });

  it('refuses a data directory that another thread of this process has open, and opens it once that one stopped', async () => {
    const tmp = tempDir();
    const first = await startEmbeddedMongoThread({ dbPath: tmp.dir });
    await expect(startEmbeddedMongoThread({ dbPath: tmp.dir })).rejects.toThrow(/already open in this process/);
    await first.stop();
    const again = await startEmbeddedMongoThread({ dbPath: tmp.dir });
    await again.stop();
    tmp.cleanup();
  });

  it('reports a data directory held by another process as the start-up error', async () => {
    const tmp = tempDir();
    const holder = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/crash-writer.ts'), tmp.dir], { cwd: path.join(here, '..'), stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    try {
      await expect(startEmbeddedMongoThread({ dbPath: tmp.dir })).rejects.toThrow(new RegExp(`in use by process ${holder.pid}`));
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('close', r));
    }
    tmp.cleanup();
  }, 30_000);

  it('reports a refused bind address as the start-up error', async () => {
    await expect(startEmbeddedMongoThread({ host: '0.0.0.0' })).rejects.toThrow(/refuses to bind non-loopback host/);
  });

  it('answers stop() once the thread has ended; the port is closed afterwards', async () => {
    const server = await startEmbeddedMongoThread();
    await Promise.all([server.stop(), server.stop()]);
    await expect(MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 500 })).rejects.toThrow();
  });
});
