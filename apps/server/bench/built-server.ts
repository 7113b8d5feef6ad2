import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The built server (`npm run build`), which also serves the built web app. */
export const serverEntry = path.resolve(import.meta.dirname, '../dist/main.js');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface Start {
  process: ChildProcess;
  healthyAfterMs: number;
  phases: string;
}

/** Starts the built server on `dataDir` (migrated and seeded with the demo data on a first start); resolves once healthy. */
export async function startServer(dataDir: string, port: number): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting (exit ${child.exitCode})`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const healthyAfterMs = performance.now() - started;
  // The start line follows the listen by a moment.
  for (let tries = 0; tries < 50 && !output.includes('Started in'); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { process: child, healthyAfterMs, phases: /Started in [^\n]*/.exec(output)?.[0] ?? '' };
}
