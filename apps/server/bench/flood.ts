import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { benchScript, expectLine, linesOf, reportBystander, startBystander, windowEnd } from './bystander.js';

/** One user's flood on one socket against another user's requests. */
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
    [benchScript('flood-load.mjs'), base, flooder.token, conversationId, String(sends), String(joins)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const loadLines = linesOf(load);
  await expectLine(loadLines, 'ready', 'flood');
  const observer = await startBystander(base, bystander.token, intervalMs);

  const started = performance.now();
  load.stdin?.end('go\n');
  const flood = JSON.parse(String((await loadLines.next()).value)) as FloodResult;
  await once(load, 'exit');
  await windowEnd(started);
  const failures = reportBystander(await observer.stop(), goalMs);
  console.log(
    `  the flood's ${sends + joins} events: ${flood.accepted} accepted (${flood.stored} messages stored), ${flood.refused} refused, ${flood.unanswered} unanswered; ${
      flood.disconnected ? 'the socket was disconnected' : 'the socket stayed connected'
    }; over in ${flood.seconds.toFixed(1)} s`,
  );
  return failures;
}
