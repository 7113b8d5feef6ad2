import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ms, percentile } from './measure.js';

/**
 * Another user's requests while one user loads the server (the flood, the statements): a separate
 * process (flood-observer.mjs) starts GET /api/conversations and GET /api/health every
 * `intervalMs`, answered or not, each timed from when it was due, so a stall counts against every
 * request it delays.
 */

/** The path of a script beside this file. */
export const benchScript = (name: string) => path.join(import.meta.dirname, name);

/** The lines a child prints, as they come. */
export function linesOf(child: ChildProcess) {
  if (!child.stdout) throw new Error('no standard output');
  return createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

export async function expectLine(lines: AsyncIterator<string>, expected: string, what: string) {
  const line = await lines.next();
  if (line.value !== expected) throw new Error(`${what}: ${line.value ?? 'no answer'}`);
}

/** The bystander is timed from the load's start until this long after its end, and this long at least. */
const SETTLE_MS = 1000;
const MIN_WINDOW_MS = 5000;

/** Waits out the bystander's window once the load that started at `started` (performance.now()) is over. */
export const windowEnd = (started: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(SETTLE_MS, MIN_WINDOW_MS - (performance.now() - started))));

export type BystanderTimings = Record<'conversations' | 'health', number[]>;

/** Starts the bystander, warmed up; `stop()` ends it and answers its timings since it was ready. */
export async function startBystander(base: string, token: string, intervalMs: number) {
  const observer = spawn(process.execPath, [benchScript('flood-observer.mjs'), base, token, String(intervalMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const observed = linesOf(observer);
  await expectLine(observed, 'ready', 'bystander');
  return {
    async stop(): Promise<BystanderTimings> {
      observer.stdin?.end();
      return JSON.parse(String((await observed.next()).value)) as BystanderTimings;
    },
  };
}

/** Prints each URL's p50, p99 and max against the goal; the number of p99s over it. */
export function reportBystander(timings: BystanderTimings, goalMs: number): number {
  let failures = 0;
  for (const [name, values] of Object.entries(timings)) {
    const sorted = [...values].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const ok = p99 <= goalMs;
    if (!ok) failures += 1;
    console.log(
      `  GET /api/${name}: ${values.length} requests, p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(p99)}, max ${ms(
        percentile(sorted, 1),
      )} (goal p99 ≤ ${goalMs} ms) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  return failures;
}
