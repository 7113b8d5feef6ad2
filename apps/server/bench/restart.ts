import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, serverEntry, startServer } from './built-server.js';
import { ms } from './measure.js';

/**
 * Restart after a crash: the built server on a PGlite data directory with demo data is
 * killed with SIGKILL and started again, RESTARTS times; each start is timed until GET /api/health
 * answers 200, from a separate process. Goal: every restart healthy within 5 s. Also prints where
 * the server says its start went (main.ts, "Started in …").
 */
const RESTARTS = 3;
const GOAL_MS = 5000;

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
