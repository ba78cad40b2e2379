import mongoose from 'mongoose';
import path from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedMongo, startEmbeddedMongoThread } from '@hireflow/embedded-mongo';

export type Database = { uri: string; embedded: boolean; close(): Promise<void> };

/**
 * Connects mongoose to MONGODB_URI, or starts the embedded server in the data dir when none is given: on a
 * worker thread of its own by default (its query work then runs beside the API's event loop, not on it),
 * or in-process with `embedded: 'in-process'`. Either way mongoose reaches it over loopback TCP.
 */
export async function connectDatabase(opts: { mongodbUri?: string; dataDir: string; embedded?: 'thread' | 'in-process'; logger: Logger }): Promise<Database> {
  if (opts.mongodbUri) {
    await mongoose.connect(opts.mongodbUri, { autoIndex: true });
    opts.logger.info('connected to MongoDB');
    return { uri: opts.mongodbUri, embedded: false, close: () => mongoose.disconnect() };
  }
  const dbPath = path.join(opts.dataDir, 'db');
  const mode = opts.embedded ?? 'thread';
  const embedded =
    mode === 'thread'
      ? await startEmbeddedMongoThread({
          dbPath,
          onUnexpectedExit: (error) => {
            // Every request would fail from here on: stop so a supervisor restarts the whole server.
            opts.logger.fatal({ err: error }, 'embedded database stopped');
            process.exit(1);
          },
        })
      : await startEmbeddedMongo({ dbPath });
  try {
    await mongoose.connect(embedded.uri, { autoIndex: true });
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  opts.logger.info({ uri: embedded.uri, mode }, 'embedded database started');
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
