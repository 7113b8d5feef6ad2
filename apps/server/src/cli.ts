import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatWithOptions } from 'node:util';
import { writeBackup } from './backup/backup.js';
import { askRunningServer } from './backup/control-socket.js';
import type { Manifest } from './backup/manifest.js';
import { type RestoreReport, restoreBackup, verifyBackup } from './backup/restore.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { acquireDirectoryLock } from './db/lock.js';
import { storageFromConfig } from './storage/index.js';

/**
 * The operator's commands (README, "Operating S.M.A.R.T."), with the server's settings:
 *   backup <file>            one archive of the whole state, while the server runs
 *   backup --verify <file>   restores it into a throwaway and checks it, touching nothing live
 *   restore <file>           into an empty data directory or database, then checks it
 */
const USAGE = 'usage: cli.js backup <file> | backup --verify <file> | restore <file>';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const say = (...parts: unknown[]) => process.stdout.write(`${formatWithOptions({ colors: false }, ...parts)}\n`);

function describe(manifest: Manifest) {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  return `${manifest.database.kind} database (${Object.keys(manifest.tables).length} tables, ${rows} rows, ${megabytes(manifest.database.bytes)}), ${manifest.files.count} files (${megabytes(manifest.files.bytes)}); version ${manifest.productVersion}, ${manifest.migrations.count} migrations; taken ${manifest.startedAt}`;
}

async function backup(file: string) {
  const config = loadConfig();
  const storage = await storageFromConfig(config);
  const started = Date.now();
  let manifest: Manifest | undefined;
  if (config.databaseUrl) {
    manifest = await writeBackup({ kind: 'postgres', url: config.databaseUrl }, storage, file);
  } else {
    manifest = await askRunningServer(config.dataDir, file);
    if (!manifest) {
      // No server runs on the directory: open it here (the lock keeps a start out meanwhile).
      const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
      try {
        manifest = await writeBackup({ kind: 'pglite', handle: database }, storage, file);
      } finally {
        await database.close();
      }
    }
  }
  say(`Backed up to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describe(manifest)}`);
}

function reportDone(verb: string, report: RestoreReport) {
  say(`${verb} in ${report.seconds.toFixed(1)} s, and checked against its manifest: ${describe(report.manifest)}`);
}

async function restore(file: string) {
  const config = loadConfig();
  const storage = await storageFromConfig(config);
  if (config.databaseUrl) {
    reportDone('Restored', await restoreBackup(file, { kind: 'postgres', url: config.databaseUrl }, storage));
    return;
  }
  // A new machine's data directory may not exist yet, as a start makes it.
  mkdirSync(config.dataDir, { recursive: true });
  const release = acquireDirectoryLock(config.dataDir);
  try {
    reportDone('Restored', await restoreBackup(file, { kind: 'pglite', dataDir: config.dataDir }, storage));
  } finally {
    release();
  }
  say('Start the server: migrations newer than the archive run then.');
}

async function main(args: string[]) {
  const [command, ...options] = args;
  // The server may run elsewhere than this command: it is given an absolute path.
  const rest = options.map((option) => (option.startsWith('-') ? option : path.resolve(option)));
  if (command === 'backup' && rest[0] === '--verify' && rest[1]) {
    reportDone('Verified (restored into a throwaway)', await verifyBackup(rest[1], loadConfig().databaseUrl));
  } else if (command === 'backup' && rest[0] && !rest[0].startsWith('-')) {
    await backup(rest[0]);
  } else if (command === 'restore' && rest[0]) {
    await restore(rest[0]);
  } else {
    throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
