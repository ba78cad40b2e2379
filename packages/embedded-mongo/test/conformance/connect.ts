// Conformance suites run against the embedded server, or against a real MongoDB 7 when MONGODB_URI is set
// (the same expectations, taken from the MongoDB 7.0 manual, must hold on both).
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../src/index.js';

export interface Target {
  client: MongoClient;
  close(): Promise<void>;
}

export async function connectTarget(): Promise<Target> {
  const uri = process.env.MONGODB_URI;
  if (uri) {
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
    return { client, close: () => client.close() };
  }
  const server = await startEmbeddedMongo();
  const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 5000 });
  return {
    client,
    async close() {
      await client.close();
      await server.stop();
    },
  };
}

/** A database name of its own per suite and run, dropped at the end. */
export const dbName = (area: string) => `conf_${area}_${process.pid}`;

/** Test documents: numeric _id, any other fields. */
export type AnyDoc = { _id: number } & Record<string, unknown>;
