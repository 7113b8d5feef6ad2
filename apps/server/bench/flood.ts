import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ms } from './measure.js';

/** Issue 21: one user's flood on one socket against another user's requests. */
export const FLOOD = {
  sends: Number(process.env.BENCH_FLOOD_SENDS ?? 1000),
  joins: Number(process.env.BENCH_FLOOD_JOINS ?? 3000),
  /** The bystander asks both URLs this often, answered or not. */
  intervalMs: Number(process.env.BENCH_FLOOD_INTERVAL_MS ?? 50),
  /** The bystander's requests must keep this p99 while the flood runs. */
  goalMs: 200,
};

interface FloodResult {
  accepted: number;
  refused: number;
  unanswered: number;
  disconnected: boolean;
  stored: number;
  seconds: number;
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
};

const script = (name: string) => path.join(import.meta.dirname, name);
/** The bystander is timed from the flood's start until this long after its end, and this long at least. */
const SETTLE_MS = 1000;
const MIN_WINDOW_MS = 5000;

async function expectLine(lines: AsyncIterator<string>, expected: string, what: string) {
  const line = await lines.next();
  if (line.value !== expected) throw new Error(`${what}: ${line.value ?? 'no answer'}`);
}

/** The lines a child prints, as they come. */
function linesOf(child: ChildProcess) {
  if (!child.stdout) throw new Error('no standard output');
  return createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

/**
 * One signed-in member floods `send_message` and `join_conversation` (random ids) on one socket
 * (flood-load.mjs) while another organization's owner asks GET /api/conversations and
 * GET /api/health at a steady pace (flood-observer.mjs); each in its own process. Prints the
 * bystander's p50/p99 and what became of the flood; 1 when a p99 misses the goal.
 */
export async function measureFlood(base: string, signIn: (email: string) => Promise<{ token: string }>) {
  const { sends, joins, intervalMs, goalMs } = FLOOD;
  console.log(
    `\nFlood: one member emits ${sends} send_message and ${joins} join_conversation (random ids) at once on one socket;`,
  );
  console.log(
    `  meanwhile another user's GET /api/conversations and GET /api/health start every ${intervalMs} ms from a separate process`,
  );
  const flooder = await signIn('member@acme.example.com');
  const bystander = await signIn('owner@globex.example.com');
  const general = await fetch(`${base}/api/conversations/general`, {
    headers: { authorization: `Bearer ${flooder.token}` },
  });
  const conversationId = ((await general.json()) as { data: { id: string } }).data.id;

  // Both processes start and connect first, so their own start-up is not counted against the flood.
  const load = spawn(
    process.execPath,
    [script('flood-load.mjs'), base, flooder.token, conversationId, String(sends), String(joins)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const loadLines = linesOf(load);
  await expectLine(loadLines, 'ready', 'flood');
  const observer = spawn(process.execPath, [script('flood-observer.mjs'), base, bystander.token, String(intervalMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const observed = linesOf(observer);
  await expectLine(observed, 'ready', 'flood observer');

  const started = performance.now();
  load.stdin?.end('go\n');
  const flood = JSON.parse(String((await loadLines.next()).value)) as FloodResult;
  await once(load, 'exit');
  // The bystander goes on a moment after the flood, and for MIN_WINDOW_MS at least.
  const rest = Math.max(SETTLE_MS, MIN_WINDOW_MS - (performance.now() - started));
  await new Promise((resolve) => setTimeout(resolve, rest));
  observer.stdin?.end();
  const timings = JSON.parse(String((await observed.next()).value)) as Record<'conversations' | 'health', number[]>;

  let failures = 0;
  for (const [name, values] of Object.entries(timings)) {
    const p99 = percentile(values, 0.99);
    const ok = p99 <= goalMs;
    if (!ok) failures += 1;
    console.log(
      `  GET /api/${name}: ${values.length} requests, p50 ${ms(percentile(values, 0.5))}, p99 ${ms(p99)}, max ${ms(
        percentile(values, 1),
      )} (goal p99 ≤ ${goalMs} ms) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  console.log(
    `  the flood's ${sends + joins} events: ${flood.accepted} accepted (${flood.stored} messages stored), ${flood.refused} refused, ${flood.unanswered} unanswered; ${
      flood.disconnected ? 'the socket was disconnected' : 'the socket stayed connected'
    }; over in ${flood.seconds.toFixed(1)} s`,
  );
  return failures;
}
