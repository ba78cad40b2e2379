import { createServer } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './lib/logger';
import { connectDatabase } from './lib/db';
import { buildApp } from './app';
import { seedDemoData } from './seed/seed';
import { startBackgroundWorker } from './background-jobs';
import { migrateLegacyFiles } from './modules/files/legacy-files';
import { requireProofOfEarlierDomains } from './modules/org/domain-proof-migration';
import { moveRequisitionChainsToApprovals } from './modules/jobs/requisition-chain-migration';
import { moveCompanyAuditIntoPlatformAudit } from './modules/superadmin/company-audit-migration';
import { queueReportFigureRepairs } from './modules/reports/tallies/figure-repairs';
import { closeEventStreams } from './lib/live-events/event-stream';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { pretty: !config.isProduction && process.stdout.isTTY });
  const db = await connectDatabase({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, embedded: config.embeddedDb, logger });
  await requireProofOfEarlierDomains(logger);
  await moveRequisitionChainsToApprovals(logger);
  await moveCompanyAuditIntoPlatformAudit(logger);
  await queueReportFigureRepairs(logger);
  const seeded = await seedDemoData({ config, logger });
  const worker = startBackgroundWorker({ config, logger });
  await migrateLegacyFiles(logger);

  const server = createServer(buildApp({ config, logger }));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await db.close();
    if (error.code === 'EADDRINUSE') throw new ConfigError(`Port ${config.port} is already in use: stop the other process or set PORT to another port.`);
    throw error;
  });
  const url = `http://localhost:${config.port}`;
  logger.info({ url }, 'listening');
  printWelcome(url, seeded.signIns);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests and running jobs finish (jobs still running after the
    // grace go back to the queue for another instance), then close the database.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closeEventStreams();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await Promise.all([closed, worker.stop({ graceMs: 10_000 })]);
    clearTimeout(force);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function printWelcome(url: string, signIns: { email: string; password: string; what: string }[]) {
  const lines = [
    '',
    `  Hireflow is running at ${url}`,
    '',
    '  Demo sign-ins:',
    ...signIns.map((s) => `    ${s.email.padEnd(28)} ${s.password}   ${s.what}`),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
