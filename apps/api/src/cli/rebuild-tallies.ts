// `npm run reports:rebuild [-- --company <id>]`: rebuilds the maintained report figures (tallies) of
// one company or of every company from their raw events, the repair of the reports' summaries.
// Connects like the server: MONGODB_URI, else the embedded database in DATA_DIR, which only one process
// may hold: while the server runs on it, use the super admin's call (POST /api/superadmin/reports/rebuild).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { connectDatabase } from '../lib/db';
import { companiesToRebuild, rebuildCompanies } from '../modules/reports/tallies/rebuild-job';

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--company');
  const companyId = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && (!companyId || !Types.ObjectId.isValid(companyId))) throw new ConfigError('Usage: npm run reports:rebuild [-- --company <company id>]');
  // DATA_DIR (default ./data) is relative to where the command was typed, not to apps/api where npm runs it.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  if (!config.mongodbUri && !existsSync(path.join(config.dataDir, 'db'))) {
    throw new ConfigError(`There is no embedded database in ${config.dataDir}: set DATA_DIR to the server's data folder (npm start keeps it in ./data at the repository root), or MONGODB_URI.`);
  }
  const logger = createLogger('warn', { pretty: false });
  let db;
  try {
    db = await connectDatabase({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, embedded: 'in-process', logger });
  } catch (error) {
    if (!config.mongodbUri && /in use by process/.test(String(error))) {
      throw new ConfigError(`The server is running on ${config.dataDir} (the embedded database takes one process). Stop it first, or sign in as the super admin and use POST /api/superadmin/reports/rebuild.`);
    }
    throw error;
  }
  try {
    const ids = await companiesToRebuild(companyId);
    const started = Date.now();
    const result = await rebuildCompanies(ids, (done, documents) => {
      process.stdout.write(`${done}/${ids.length} companies rebuilt (${documents} tally documents)\n`);
    });
    process.stdout.write(`Done: ${result.companies} companies, ${result.documents} tally documents in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
