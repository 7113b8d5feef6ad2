import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { DatabaseHandle } from '../src/db/client.js';
import { ms } from './measure.js';

/**
 * CSV exports at platform size: the admin's tickets file (every ticket of the platform)
 * and an org_admin's (its organization's 5,000), streamed by the server of this process to a
 * client in another one (export-client.mjs), so what this process holds is the server's alone.
 * Prints the time to the first byte and to the last, the rows and bytes, this process's CPU time
 * (the server's work; on PGlite the database's too, which runs in it), and its memory over its
 * figure before the export: RSS and JS heap at their peak, and the live heap (what is still
 * reachable) at its peak, read after a full collection once a second. The goal: the admin's live
 * heap stays under 50 MB over its figure before (a file held whole would add about twice its size,
 * as JS strings are UTF-16). Then the plans of the two statements of a batch in the middle of the
 * admin's file.
 */
const LIVE_HEAP_GOAL_BYTES = 50 * 1024 * 1024;
const SAMPLE_MS = 10;
const COLLECT_MS = 1000;
const MB = 1024 * 1024;
const run = promisify(execFile);

/**
 * The statement whose text matches each pattern, as the database hook saw it (the bench's onQuery):
 * its `nth` match, or its last when it has fewer.
 */
export interface StatementWatch {
  start(patterns: Record<string, RegExp>, nth: number): void;
  stop(): Record<string, { text: string; params: unknown[] }>;
}

/** The garbage collector (the bench runs without --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

interface ClientResult {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  lines: number;
}

interface Measured {
  client: ClientResult;
  cpuMs: number;
  /** Over the figure before the export. */
  rss: number;
  heap: number;
  live: number;
}

/** One export read by the client process, with this process's CPU time and memory meanwhile. */
async function measureOne(url: string, token: string): Promise<Measured> {
  const gc = collector();
  gc();
  const before = process.memoryUsage();
  const peak = { heap: before.heapUsed, live: before.heapUsed, rss: before.rss };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.heap = Math.max(peak.heap, now.heapUsed);
    peak.rss = Math.max(peak.rss, now.rss);
  }, SAMPLE_MS);
  const collecting = setInterval(() => {
    peak.heap = Math.max(peak.heap, process.memoryUsage().heapUsed);
    gc();
    peak.live = Math.max(peak.live, process.memoryUsage().heapUsed);
  }, COLLECT_MS);
  const cpuBefore = process.cpuUsage();
  const script = path.join(import.meta.dirname, 'export-client.mjs');
  try {
    const { stdout } = await run(process.execPath, [script, url, token], { maxBuffer: 1024 * 1024 });
    const client = JSON.parse(stdout) as ClientResult;
    if (client.status !== 200) throw new Error(`${url}: ${client.status}`);
    const cpu = process.cpuUsage(cpuBefore);
    return {
      client,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rss: peak.rss - before.rss,
      heap: peak.heap - before.heapUsed,
      live: peak.live - before.heapUsed,
    };
  } finally {
    clearInterval(sampler);
    clearInterval(collecting);
  }
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function measureExports(
  base: string,
  tokens: { admin: string; orgAdmin: string },
  database: DatabaseHandle,
  watch: StatementWatch,
): Promise<number> {
  console.log('\nExports at platform size, GET /api/exports/tickets.csv, each read by another process:');
  const url = `${base}/api/exports/tickets.csv`;
  // A batch from the middle of the file: the 50th of 100.
  watch.start({ rows: /^select .*from "tickets" .*order by .*limit/s, key: /^select array\[/ }, 50);
  const all = await measureOne(url, tokens.admin);
  const last = watch.stop();
  const own = await measureOne(url, tokens.orgAdmin);

  const ok = all.live < LIVE_HEAP_GOAL_BYTES;
  console.log(
    '| export | rows | file | first byte | all | rows/s | server CPU | RSS peak | heap peak | live heap peak | goal | |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const line = (name: string, { client, cpuMs, rss, heap, live }: Measured, goal: string) => {
    const rows = client.lines - 1;
    const perSecond = Math.round(rows / (client.totalMs / 1000)).toLocaleString('en');
    console.log(
      `| ${name} | ${rows.toLocaleString('en')} | ${megabytes(client.bytes)} | ${ms(client.firstByteMs)} | ${ms(client.totalMs)} | ${perSecond} | ${ms(cpuMs)} | +${megabytes(rss)} | +${megabytes(heap)} | +${megabytes(live)} | ${goal} |`,
    );
  };
  line("the admin's, every ticket", all, `live < +${LIVE_HEAP_GOAL_BYTES / MB} MB | ${ok ? 'ok' : 'MISSED'}`);
  line("an org_admin's, its organization's", own, 'none (reported) |');
  console.log("  (rows counted by line breaks, which the bench tickets' fields have none of)");
  for (const [name, statement] of Object.entries(last)) {
    const plan = await database.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
    console.log(
      `\n### the admin's 50th batch: ${name}\n${statement.text}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`,
    );
  }
  return ok ? 0 : 1;
}
