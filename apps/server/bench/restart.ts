import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { NO_WRITE_LIMITS } from '../test/helpers/server-process.js';
import { crash, freePort, type Start, serverEntry, startServer } from './built-server.js';
import { BENCH_ACCOUNTS } from './lists.js';
import { ms, percentile } from './measure.js';

/**
 * Crash cycles on the embedded default: the built server on a PGlite data directory with demo data,
 * while a writer (the org_admin, WRITERS requests at a time) keeps creating tasks, messages and time
 * entries through the API, is killed with SIGKILL at a random moment and started again, CYCLES
 * times. Each restart is timed until GET /api/health/ready answers 200, from a separate process.
 * Goals: the slowest restart within 5 s, and every write answered 2xx is in the database at the end.
 */
const CYCLES = Number(process.env.BENCH_CRASH_CYCLES ?? 50);
const GOAL_MS = 5000;
const WRITERS = 4;
/** How long the writer runs between a start and the kill: a random moment up to this. */
const MAX_WRITING_MS = 2000;

type Kind = 'tasks' | 'messages' | 'time_entries';
const KINDS: Kind[] = ['tasks', 'messages', 'time_entries'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The org_admin's writes, each kept once the server answered it 2xx; failures are counted by status. */
async function startWriter(base: string) {
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as { data?: Record<string, string> };
    return { status: response.status, data: json.data, ok: response.ok };
  };
  const { data: signedIn } = await call('POST', '/api/users/login', undefined, {
    email: BENCH_ACCOUNTS.orgAdmin.email,
    password: DEMO_PASSWORD,
  });
  const token = signedIn?.token;
  const firstId = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const first = ((await response.json()) as { data: { _id: string }[] }).data[0];
    if (!first) throw new Error(`${url} lists nothing`);
    return first._id;
  };
  const projectId = await firstId('/api/projects?limit=1');
  const objectiveId = await firstId(`/api/objectives/projects/${projectId}?limit=1`);
  const conversationId = (await call('GET', '/api/conversations/general', token)).data?._id;
  const taskId = await firstId(`/api/tasks/objectives/${objectiveId}?limit=1`);

  let written = 0;
  const write = (kind: Kind) => {
    written += 1;
    const name = `crash cycle write ${written}`;
    if (kind === 'tasks') return call('POST', `/api/tasks/objectives/${objectiveId}`, token, { title: name });
    if (kind === 'messages') return call('POST', '/api/messages', token, { conversationId, content: name });
    // One minute a day over the last year: far from the day's cap.
    const date = new Date(Date.now() - (written % 365) * DAY_MS).toISOString().slice(0, 10);
    return call('POST', '/api/time-entries', token, { recordType: 'task', recordId: taskId, date, minutes: 1 });
  };

  const acknowledged: Record<Kind, string[]> = { tasks: [], messages: [], time_entries: [] };
  const refused = new Map<string, number>();
  let running = true;
  const loop = async (offset: number) => {
    for (let turn = offset; running; turn++) {
      const kind = KINDS[turn % KINDS.length] as Kind;
      const outcome = await write(kind).catch(() => ({ status: 'no answer', ok: false, data: undefined }));
      if (outcome.ok && outcome.data?.id) acknowledged[kind].push(outcome.data.id);
      else {
        const key = String(outcome.status);
        refused.set(key, (refused.get(key) ?? 0) + 1);
        // The server is down or starting: not a flood of refused connections competing with its start.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const loops = Array.from({ length: WRITERS }, (_, index) => loop(index));
  return {
    acknowledged,
    refused,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Returns the number of goals missed (0 to 2). */
export async function measureRestart(): Promise<number> {
  console.log(`\nCrash cycles on PGlite with demo data (built server, ${CYCLES} kill -9 under writes)`);
  if (!existsSync(serverEntry)) {
    console.log(`  ${serverEntry} is missing: run \`npm run build\` first.`);
    return 1;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-bench-restart-'));
  const port = await freePort();
  const start = () => startServer(dataDir, port, NO_WRITE_LIMITS);
  let server = await start();
  console.log(`  first start (migrates, seeds): ${ms(server.readyAfterMs)}\n    ${server.phases}`);
  const writer = await startWriter(`http://127.0.0.1:${port}`);
  const restarts: Start[] = [];
  try {
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_WRITING_MS));
      await crash(server.process);
      server = await start();
      restarts.push(server);
      if (cycle % 10 === 0 || cycle === CYCLES)
        console.log(`  ${cycle} cycles, last restart ${ms(server.readyAfterMs)}`);
    }
  } catch (error) {
    await writer.stop();
    if (server.process.exitCode === null) await crash(server.process);
    console.log(
      `  restart ${restarts.length + 1} FAILED: ${(error as Error).message}; the data directory is kept: ${dataDir}`,
    );
    return 1;
  }
  await writer.stop();
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;

  try {
    const times = restarts.map((restart) => restart.readyAfterMs).sort((a, b) => a - b);
    const slowest = restarts.reduce((a, b) => (b.readyAfterMs > a.readyAfterMs ? b : a));
    const fast = slowest.readyAfterMs <= GOAL_MS;
    console.log(
      `  restart until ready: p50 ${ms(percentile(times, 0.5))}, max ${ms(slowest.readyAfterMs)} (goal ≤ ${ms(GOAL_MS)}) ${fast ? 'ok' : 'MISSED'}`,
    );
    console.log(`    slowest: ${slowest.phases}`);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    let lost = 0;
    try {
      for (const kind of KINDS) {
        const ids = writer.acknowledged[kind];
        const { rows } = await database.query(`select id::text as id from ${kind} where id::text = any($1)`, [ids]);
        const found = new Set(rows.map((row) => String(row.id)));
        const missing = ids.filter((id) => !found.has(id));
        lost += missing.length;
        console.log(
          `  ${kind}: ${ids.length} acknowledged, ${missing.length} missing${missing.length ? ` (${missing.slice(0, 3).join(', ')}…)` : ''}`,
        );
      }
    } finally {
      await database.close();
    }
    const unanswered = [...writer.refused].map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`  writes not acknowledged (a kill or a start in their way): ${unanswered || 'none'}`);
    console.log(`  acknowledged writes lost: ${lost} (goal 0) ${lost === 0 ? 'ok' : 'MISSED'}`);
    return (fast ? 0 : 1) + (lost === 0 ? 0 : 1);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
