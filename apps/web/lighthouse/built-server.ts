import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

export interface BuiltServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitUntilHealthy(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(500);
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/**
 * The built server serving the built web app on a fresh PGlite data directory (seeded with the
 * demo data), as the browser tests run it. Builds nothing: `npm run build` first.
 */
export async function startBuiltServer(port: number): Promise<BuiltServer> {
  if (!existsSync(serverMain) || !existsSync(webIndex)) {
    throw new Error('apps/server/dist or apps/web/dist is missing: run `npm run build` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-lighthouse-'));
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const server = spawn(process.execPath, [serverMain], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
