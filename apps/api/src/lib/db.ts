import mongoose from 'mongoose';
import path from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedMongo } from '@hireflow/embedded-mongo';

export type Database = { uri: string; embedded: boolean; close(): Promise<void> };

/** Connects mongoose to MONGODB_URI, or starts the embedded server in the data dir when none is given. */
export async function connectDatabase(opts: { mongodbUri?: string; dataDir: string; logger: Logger }): Promise<Database> {
  if (opts.mongodbUri) {
    await mongoose.connect(opts.mongodbUri, { autoIndex: true });
    opts.logger.info('connected to MongoDB');
    return { uri: opts.mongodbUri, embedded: false, close: () => mongoose.disconnect() };
  }
  const embedded = await startEmbeddedMongo({ dbPath: path.join(opts.dataDir, 'db') });
  await mongoose.connect(embedded.uri, { autoIndex: true });
  opts.logger.info({ uri: embedded.uri }, 'embedded database started');
  return {
    uri: embedded.uri,
    embedded: true,
    close: async () => {
      await mongoose.disconnect();
      await embedded.stop();
    },
  };
}

export function isDatabaseUp(): boolean {
  return mongoose.connection.readyState === 1;
}
