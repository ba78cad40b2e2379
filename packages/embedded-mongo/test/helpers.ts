// Shared test setup: an in-memory server per test file and unique temp dirs for durable runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from '../src/index.js';

export interface TestServer {
  server: EmbeddedMongo;
  client: MongoClient;
  close(): Promise<void>;
}

export async function startWithClient(opts: EmbeddedMongoOptions = {}): Promise<TestServer> {
  const server = await startEmbeddedMongo(opts);
  const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 5000 });
  return {
    server,
    client,
    async close() {
      await client.close();
      await server.stop();
    },
  };
}

export function tempDir(prefix = 'embedded-mongo-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
