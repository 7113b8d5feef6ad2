import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { serveBackups } from './backup/control-socket.js';
import { loadConfig, SettingError } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { ensureBootstrapAdmin, ensurePlatformOrganization } from './db/seed/bootstrap.js';
import { seedDemoDataOnce } from './db/seed/index.js';
import { seedDemoMessengerOnce } from './db/seed/messenger.js';
import { seedDemoSchedulingOnce } from './db/seed/scheduling.js';
import { seedDemoTemplatesOnce } from './db/seed/templates.js';
import { seedDemoTicketsOnce } from './db/seed/tickets.js';
import { seedDemoTimeOnce } from './db/seed/time.js';
import { seedDemoWorkOnce } from './db/seed/work.js';
import { startBanner } from './start-banner.js';
import { storageFromConfig } from './storage/index.js';

/** Process entry: config, database (migrated, seeded once), listen, and a clean shutdown. */
async function main() {
  const phases = startPhases();
  const config = loadConfig();
  // Before the database: a wrong S3 setting stops the start at once, named.
  const storage = await storageFromConfig(config);
  if (storage.kind === 's3') phases.end('file storage');
  const database = await openConfiguredDatabase(config);
  phases.end('database');
  await database.migrate();
  phases.end('migrations');
  const seeded = config.seedDemoData && (await seedDemoDataOnce(database.db));
  // Also into a database seeded before projects existed.
  if (config.seedDemoData) await seedDemoWorkOnce(database.db, storage);
  if (config.seedDemoData) await seedDemoTicketsOnce(database.db, storage);
  if (config.seedDemoData) await seedDemoTemplatesOnce(database.db, storage);
  if (config.seedDemoData) await seedDemoMessengerOnce(database.db, storage);
  if (config.seedDemoData) await seedDemoSchedulingOnce(database.db);
  // After work and tickets: the demo's hours are recorded on them.
  if (config.seedDemoData) await seedDemoTimeOnce(database.db);
  await ensurePlatformOrganization(database.db);
  if (config.bootstrapAdmin) await ensureBootstrapAdmin(database.db, config.bootstrapAdmin);
  phases.end(seeded ? 'demo data' : 'demo data checks');

  const app = await buildApp({
    config,
    db: database.db,
    storage,
    backupSource: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', handle: database },
  });
  // pg-boss records a job's outcome without awaiting it: with the database away for a moment (a
  // restart, a failover) that statement's failure would end the process. It is logged instead; the
  // job's run expires and is retried, and its effect still happens once (unique keys).
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'a promise failed with nobody waiting for it');
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  /**
   * A drain: readiness turns 503 and each answer closes its connection; after the delay (balancers
   * have stopped sending here) no new connection is taken, requests in flight finish, sockets are
   * told to reconnect (to another process behind the same address), and running jobs finish or go
   * back to the queue. Past the grace, what still runs is cut off. Ctrl+C (SIGINT) skips the delay.
   */
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    app.lifecycle.draining = true;
    const { delayMs, graceMs } = config.shutdown;
    app.log.info({ signal }, 'draining: finishing requests and jobs, then closing sockets and the database');
    if (signal === 'SIGTERM' && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const cutOff = setTimeout(() => {
      app.log.error({ graceMs }, 'requests or jobs still running after the grace: cut off');
      app.server.closeAllConnections();
      process.exit(1);
    }, graceMs);
    cutOff.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // PGlite's directory is this process's alone: `npm run backup` asks it for the archive.
  if (database.kind === 'pglite') {
    const control = await serveBackups(config.dataDir, database, storage);
    app.addHook('preClose', async () => {
      control.close();
    });
  }

  await app.listen({ host: config.host, port: config.port });
  phases.end('app');
  const { port } = app.server.address() as AddressInfo;

  const lines = startBanner({
    config,
    port,
    database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL',
    seededNow: seeded,
    phases: phases.summary(),
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * Where a start spends its time, printed with the sign-ins (`npm run bench` reads it): a restart
 * after a crash should be healthy within seconds (README, "npm run bench").
 */
function startPhases() {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  // performance.now() counts from the process's start, so the first phase is loading the modules.
  let last = performance.now();
  const spent = [`modules ${seconds(last)}`];
  return {
    end(phase: string) {
      const now = performance.now();
      spent.push(`${phase} ${seconds(now - last)}`);
      last = now;
    },
    summary: () => `Started in ${seconds(last)} (${spent.join(', ')})`,
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  // A wrong setting is the operator's to fix: its message says which; a stack would bury it.
  if (error instanceof Error && !(error instanceof SettingError) && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
});
