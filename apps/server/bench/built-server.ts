import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export { freePort } from '../cluster/postgres.js';

/** The built server (`npm run build`), which also serves the built web app. */
export const serverEntry = path.resolve(import.meta.dirname, '../dist/main.js');

export interface Start {
  process: ChildProcess;
  readyAfterMs: number;
  phases: string;
}

/**
 * Starts the built server on `dataDir` (migrated and seeded with the demo data on a first start),
 * with `env` over the bench's environment; resolves once ready (`/api/health/ready`: the database answers).
 */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting (exit ${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyAfterMs = performance.now() - started;
  // The start line follows the listen by a moment.
  for (let tries = 0; tries < 50 && !output.includes('Started in'); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { process: child, readyAfterMs, phases: /Started in [^\n]*/.exec(output)?.[0] ?? '' };
}

/** kill -9: no drain, no clean close of the database. */
export async function crash(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
