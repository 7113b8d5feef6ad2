import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds; a lock file naming our own pid but not listed here is stale (a restarted container). */
const heldHere = new Set<string>();

/**
 * Two processes opening one PGlite directory corrupt it, so exactly one may hold it.
 * Returns the release function. A lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, 'server.lock');
  if (heldHere.has(lockPath)) {
    throw new Error(`The data directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new Error(
          `The data directory ${dir} is in use by another server process (pid ${holder}). ` +
            'PGlite allows one process per directory; stop the other one, or use PostgreSQL (DATABASE_URL) to run several.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
