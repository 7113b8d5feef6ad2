import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms } from './measure.js';

/**
 * Restart after a crash (issue 21): the built server on a PGlite data directory with demo data is
 * killed with SIGKILL and started again, RESTARTS times; each start is timed until GET /api/health
 * answers 200, from a separate process. Goal: every restart healthy within 5 s. Also prints where
 * the server says its start went (main.ts, "Started in …").
 */
const RESTARTS = 3;
const GOAL_MS = 5000;
const serverEntry = path.resolve(import.meta.dirname, '../dist/main.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

interface Start {
  process: ChildProcess;
  healthyAfterMs: number;
  phases: string;
}

async function startServer(dataDir: string, port: number): Promise<Start> {
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

async function crash(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Returns the number of goals missed (0 or 1). */
export async function measureRestart(): Promise<number> {
  console.log(`\nRestart after kill -9 on PGlite with demo data (built server, ${RESTARTS} restarts)`);
  if (!existsSync(serverEntry)) {
    console.log(`  ${serverEntry} is missing: run \`npm run build\` first.`);
    return 1;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-bench-restart-'));
  const port = await freePort();
  try {
    const first = await startServer(dataDir, port);
    console.log(`  first start (migrates, seeds): ${ms(first.healthyAfterMs)}\n    ${first.phases}`);
    await crash(first.process);
    let worst = 0;
    for (let round = 1; round <= RESTARTS; round++) {
      const restart = await startServer(dataDir, port);
      worst = Math.max(worst, restart.healthyAfterMs);
      console.log(`  restart ${round}: healthy after ${ms(restart.healthyAfterMs)}\n    ${restart.phases}`);
      await crash(restart.process);
    }
    const met = worst <= GOAL_MS;
    console.log(`  slowest restart ${ms(worst)} (goal ≤ ${ms(GOAL_MS)}) ${met ? 'ok' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
